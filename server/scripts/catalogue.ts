// `npm run catalogue -- <command>`: the whole catalogue as a CSV or Excel file (see src/catalogue/file/catalogueCli.ts).
import { processIo } from '../src/platform/cli/cliDatabase.js';
import { catalogueCli } from '../src/catalogue/file/catalogueCli.js';
import { keepVersionsBefore, recordImportVersions } from '../src/catalogue/staff/imports/importVersions.js';

// an import's versions kept in the products' history, as the staff app keeps them, by nobody the site knows
process.exitCode = await catalogueCli(process.argv.slice(2), process.env, processIo, {
  before: keepVersionsBefore,
  record: (trx, touched, fileName) => recordImportVersions(trx, touched, { by: null, fileName, jobId: null }),
});
