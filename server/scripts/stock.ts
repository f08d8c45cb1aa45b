// `npm run stock -- import FILE [--snapshot] [--strict]`: a stock feed file applied by hand (see src/stock/stockCli.ts).
import { processIo } from '../src/platform/cli/cliDatabase.js';
import { stockCli } from '../src/stock/stockCli.js';

process.exitCode = await stockCli(process.argv.slice(2), process.env, processIo);
