// `npm start`: install and build whatever is missing, then serve the whole site (default http://localhost:8080).
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, repoRoot } from './lib/ensure-ready.mjs';

try {
  await ensureInstalled();
  await ensureBuilt();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = spawn(process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
  cwd: repoRoot,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
