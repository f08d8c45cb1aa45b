// `npm run build`: the content (validated, generated files, brotli/gzip copies), then the webpack apps two at a time
// (our machines have 2 cores): the shell, the four public remotes, the staff remote and the staff pages' host; then the
// server bundle. Each app can also be built alone: `npm run build -w mfe-catalogue`.
import path from 'node:path';
import { npmCommand, run } from './lib/run.mjs';
import { repoRoot } from './lib/ensure-ready.mjs';

const APPS = ['shell', 'mfe-catalogue', 'mfe-company', 'mfe-contact', 'mfe-chat', 'mfe-staff', 'staff-host'];
const CONCURRENCY = Number(process.env.BUILD_CONCURRENCY ?? 2);

async function build(workspace) {
  const { code } = await run(npmCommand, ['run', 'build', '-w', workspace], { cwd: repoRoot });
  if (code !== 0) throw new Error(`Building ${workspace} failed (exit ${code}).`);
}

try {
  await build('content');
  // brotli/gzip copies of the content's files (the apps' builds write their own: tools/webpack/precompress.cjs)
  const { code } = await run(process.execPath, [path.join(repoRoot, 'scripts', 'precompress-content.mjs')], {
    cwd: repoRoot,
  });
  if (code !== 0) throw new Error(`Compressing the content's files failed (exit ${code}).`);
  const queue = [...APPS];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let app = queue.shift(); app; app = queue.shift()) await build(app);
    }),
  );
  await build('server');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
