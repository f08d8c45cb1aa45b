// Validates the content and prepares content/generated/ (gitignored) for generated files.
// Usage: npm run build -w content   (or npx tsx content/scripts/build-content.ts)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_DIR, runValidation } from './validate-content';

if (!runValidation()) {
  process.exit(1);
}
const generatedDir = join(CONTENT_DIR, 'generated');
mkdirSync(generatedDir, { recursive: true });
console.log(`Prepared ${generatedDir}`);
