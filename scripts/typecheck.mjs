// `npm run typecheck`: tsc --noEmit over every package (TypeScript 7's native tsc takes about a second each).
import path from 'node:path';
import { repoRoot } from './lib/ensure-ready.mjs';
import { run } from './lib/run.mjs';

const packages = [
  'shared-ui',
  'shared-store',
  'contracts',
  'content',
  'shell',
  'mfe-catalogue',
  'mfe-company',
  'mfe-contact',
  'mfe-chat',
  'mfe-staff',
  'staff-host',
  'server',
  'tests',
  'tools/bench',
  'tools/jest',
  'tools/webpack',
];
const tsc = path.join(repoRoot, 'node_modules', '.bin', 'tsc');
let failed = [];
for (const name of packages) {
  const { code } = await run(tsc, ['--noEmit', '-p', name], { cwd: repoRoot });
  if (code !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`Type errors in: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`Types check in all ${packages.length} packages.`);
