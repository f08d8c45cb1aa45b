// `npm run remotes -- <command>`: a running site's remotes registry over its release API (see src/releases/remotesCli.ts).
import { processIo } from '../src/platform/cli/cliIo.js';
import { remotesCli } from '../src/releases/remotesCli.js';

process.exitCode = await remotesCli(process.argv.slice(2), process.env, processIo);
