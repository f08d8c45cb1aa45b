// Validates every file of content/data against the schema, plus the images they point to and the Arabic dictionaries
// (content/translations/ar: every text a visitor reads has an Arabic text; see src/arabic/check.ts). Warnings (an unused
// dictionary entry) are printed and do not fail.
// Usage (from the repo root): npx tsx content/scripts/validate-content.ts   — exits 1 on any problem.
import { resolve } from 'node:path';
import { validateContent } from '../src/validate';

export const CONTENT_DIR = resolve(__dirname, '..');

/** Runs the validation, prints the outcome and returns whether the content is valid. */
export function runValidation(): boolean {
  const { errors, warnings } = validateContent(CONTENT_DIR);
  if (warnings.length > 0) {
    console.warn(`Content validation: ${warnings.length} warning(s):`);
    for (const warning of warnings) console.warn(`  - ${warning}`);
  }
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
