// `npm run build`: the content (validated, generated files), then the five webpack apps two at a
// time (our machines have 2 cores), then the server bundle. Each app can also be built alone:
// `npm run build -w mfe-catalogue`.
import { npmCommand, run } from './lib/run.mjs';
import { repoRoot } from './lib/ensure-ready.mjs';

const APPS = ['shell', 'mfe-catalogue', 'mfe-company', 'mfe-contact', 'mfe-chat'];
const CONCURRENCY = Number(process.env.BUILD_CONCURRENCY ?? 2);

async function build(workspace) {
  const { code } = await run(npmCommand, ['run', 'build', '-w', workspace], { cwd: repoRoot });
  if (code !== 0) throw new Error(`Building ${workspace} failed (exit ${code}).`);
}

try {
  await build('content');
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
