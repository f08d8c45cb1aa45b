// `npm run submissions`: what visitors sent, for staff (see src/staff/submissionsCli.ts).
import { submissionsCli } from '../src/staff/submissionsCli.js';

process.exitCode = await submissionsCli(process.argv.slice(2));
