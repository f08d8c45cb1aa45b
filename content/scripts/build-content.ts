// Validates the content, then writes the generated files into content/generated/ (gitignored), which the server
// serves at the site root (and content/generated/data at /data):
//   data/searchResults.json   the search index (scripts/generate-search.ts)
//   data/ar/*.json            the Arabic edition of every data file and of the search index (scripts/generate-editions.ts)
//   uploads/*.pdf             the datasheets referenced by product-details.json (scripts/generate-pdfs.ts)
//   {BROCHURE_FILE}    the 'Catalogue and Company Profile' brochure (scripts/generate-pdfs.ts)
// Usage: npm run build -w content   (or npx tsx content/scripts/build-content.ts)
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ARABIC_EDITION_DIR, writeArabicEditions } from './generate-editions';
import { generatePdfs } from './generate-pdfs';
import { SEARCH_RESULTS_FILE, writeSearchResults } from './generate-search';
import { CONTENT_DIR, runValidation } from './validate-content';

async function main(): Promise<void> {
  if (!runValidation()) {
    process.exitCode = 1;
    return;
  }
  const started = Date.now();
  const generatedDir = join(CONTENT_DIR, 'generated');
  // remove what this script generates (and only that), so that no stale datasheet survives a data change
  rmSync(join(generatedDir, 'uploads'), { recursive: true, force: true });
  rmSync(join(generatedDir, SEARCH_RESULTS_FILE), { force: true });
  rmSync(join(generatedDir, ARABIC_EDITION_DIR), { recursive: true, force: true });
  mkdirSync(generatedDir, { recursive: true });
  const results = writeSearchResults(generatedDir);
  const arabic = writeArabicEditions(generatedDir);
  const pdfs = await generatePdfs(generatedDir);
  console.log(
    `Generated ${results.length} search entries, ${arabic.length} Arabic data files, ${pdfs.datasheets.length} datasheets and the ${pdfs.brochurePages}-page brochure in ${generatedDir} (${Date.now() - started} ms)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
