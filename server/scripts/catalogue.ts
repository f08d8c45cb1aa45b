// `npm run catalogue -- <command>`: the whole catalogue as a CSV or Excel file (see src/catalogue/file/catalogueCli.ts).
import { processIo } from '../src/platform/cli/cliDatabase.js';
import { catalogueCli } from '../src/catalogue/file/catalogueCli.js';

process.exitCode = await catalogueCli(process.argv.slice(2), process.env, processIo);
