// Writes the PDFs the site links to, from the content data, through the site's one PDF text pipeline (src/pdf):
//   - one datasheet per file name referenced by product-details.json (downloadFile, downloadFiles values, block
//     downloadFile) into {outDir}/uploads/{fileName}, served at /uploads/{fileName} (pdfs/datasheet.ts);
//   - the 'Catalogue and Company Profile' brochure into {outDir}/{BROCHURE_FILE}, served at the site root
//     (pdfs/brochure.ts).
// Output is deterministic: fixed creation date, no randomness, data in file order.
// Usage (from the repo root): npx tsx content/scripts/generate-pdfs.ts [outDir]   (default content/generated)
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BROCHURE_FILE } from '../src/dataConstants';
import { writeBrochure } from './pdfs/brochure';
import { CONTENT_DIR, loadCatalogueData, type CatalogueData } from './pdfs/data';
import { planDatasheets, writeDatasheet } from './pdfs/datasheet';

export { loadCatalogueData, type CatalogueData } from './pdfs/data';
export { planDatasheets, pdfText, type DatasheetPlan } from './pdfs/datasheet';

export interface GeneratedPdfs {
  datasheets: string[];
  brochure: string;
  brochurePages: number;
}

/** Generates every datasheet and the brochure into outDir (uploads/ and the root). */
export async function generatePdfs(outDir: string, data: CatalogueData = loadCatalogueData()): Promise<GeneratedPdfs> {
  const uploads = join(outDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  const plans = planDatasheets(data.details);
  await Promise.all(plans.map((plan) => writeDatasheet(plan, data, join(uploads, plan.fileName))));
  const brochure = join(outDir, BROCHURE_FILE);
  const brochurePages = await writeBrochure(data, brochure);
  return { datasheets: plans.map((p) => p.fileName), brochure: BROCHURE_FILE, brochurePages };
}

if (require.main === module) {
  const outDir = resolve(process.argv[2] ?? join(CONTENT_DIR, 'generated'));
  const started = Date.now();
  generatePdfs(outDir)
    .then((result) => {
      console.log(
        `Wrote ${result.datasheets.length} datasheets to ${join(outDir, 'uploads')} and the ${result.brochurePages}-page brochure ${result.brochure} in ${Date.now() - started} ms`,
      );
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
