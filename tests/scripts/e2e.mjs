#!/usr/bin/env node
// `npm run test:e2e` (`npm test -w tests`): Playwright with two options of our own, the rest passed on as they are.
//   --site <URL>       run against a deployed site instead of starting one (sets E2E_SITE_URL): the @site specs run,
//                      the @local ones are skipped with their reason; an HTML report goes to tests/playwright-report/
//   --canary <remote>  pin that remote's live canary for the run (sets E2E_CANARY; needs --site)
// e.g. npm run test:e2e -- --site https://staging.example.com --canary catalogue --grep @catalogue
// Without them this is exactly `playwright test …`.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OPTIONS = { '--site': 'E2E_SITE_URL', '--canary': 'E2E_CANARY' };

/** Our options out of `args` into the environment; everything else in order, for Playwright. */
export function splitArgs(args, env) {
  const rest = [];
  for (let i = 0; i < args.length; i += 1) {
    const [flag, inline] = args[i].split(/=(.*)/s, 2);
    const variable = OPTIONS[flag];
    if (variable === undefined) {
      rest.push(args[i]);
      continue;
    }
    const value = inline ?? args[(i += 1)];
    if (value === undefined || value === '' || value.startsWith('--'))
      throw new Error(
        `${flag} needs a value, e.g. ${flag === '--site' ? '--site https://staging.example.com' : '--canary catalogue'}.`,
      );
    env[variable] = value;
  }
  if (env.E2E_SITE_URL !== undefined) {
    let url;
    try {
      url = new URL(env.E2E_SITE_URL);
    } catch {
      throw new Error(
        `--site ${env.E2E_SITE_URL} is not an address: give the site's URL, e.g. https://staging.example.com.`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`--site ${env.E2E_SITE_URL}: only http and https sites can be tested.`);
  }
  return rest;
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const env = { ...process.env };
  let rest;
  try {
    rest = splitArgs(process.argv.slice(2), env);
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const testsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const cli = createRequire(path.join(testsDir, 'package.json')).resolve('@playwright/test/cli');
  const child = spawn(process.execPath, [cli, 'test', ...rest], { cwd: testsDir, env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
