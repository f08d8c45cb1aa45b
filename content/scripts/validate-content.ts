// Validates every file of content/data against the schema, plus the images they point to.
// Usage (from the repo root): npx tsx content/scripts/validate-content.ts   — exits 1 on any problem.
import { resolve } from 'node:path';
import { validateContent } from '../src/validate';

export const CONTENT_DIR = resolve(__dirname, '..');

/** Runs the validation, prints the outcome and returns whether the content is valid. */
export function runValidation(): boolean {
  const { errors } = validateContent(CONTENT_DIR);
  if (errors.length > 0) {
    console.error(`Content validation failed with ${errors.length} problem(s):`);
    for (const error of errors) console.error(`  - ${error}`);
    return false;
  }
  console.log('Content is valid.');
  return true;
}

if (require.main === module) {
  process.exitCode = runValidation() ? 0 : 1;
}
