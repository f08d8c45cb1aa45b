// `npm run submissions`: what visitors sent, for staff (see src/submissions/cli.ts).
import { submissionsCli } from '../src/submissions/cli.js';

process.exitCode = await submissionsCli(process.argv.slice(2));
