// Each remote's src/exposes.ts (the types the shell is checked against) lists the same modules, from the same files,
// as the `exposes` its webpack.config.cjs builds: otherwise the shell would be checked against modules it never gets.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

// Reading a remote's webpack config gives the options it passes to the shared factory (its name and exposes), without
// loading webpack.
jest.mock('../../../tools/webpack/federated-app.cjs', () => ({
  createFederatedAppConfig: (options: unknown) => options,
}));

const REMOTE_PACKAGES = {
  catalogue: 'mfe-catalogue',
  company: 'mfe-company',
  contact: 'mfe-contact',
  chat: 'mfe-chat',
};

/** Expose name -> source file without its extension, relative to the repo. */
type ExposedFiles = Record<string, string>;

const withoutExtension = (file: string) => file.replace(/\.[cm]?[jt]sx?$/, '');

function webpackExposes(packageDir: string): { name: string; files: ExposedFiles } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest's own require, so the jest.mock above reaches the config's require
  const options = require(path.join(packageDir, 'webpack.config.cjs')) as {
    name: string;
    exposes: Record<string, string>;
  };
  const files = Object.entries(options.exposes).map(([key, file]) => [
    key,
    withoutExtension(path.relative(repoRoot, path.resolve(packageDir, file))),
  ]);
  return { name: options.name, files: Object.fromEntries(files) };
}

/** The entries of src/exposes.ts: `'./SearchModal': typeof import('./search/SearchModal');`. */
function declaredExposes(packageDir: string): ExposedFiles {
  const srcDir = path.join(packageDir, 'src');
  const source = readFileSync(path.join(srcDir, 'exposes.ts'), 'utf8');
  const entries = [...source.matchAll(/^\s*'([^']+)':\s*typeof import\('([^']+)'\);?\s*$/gm)];
  return Object.fromEntries(
    entries.map(([, key, file]) => [key, withoutExtension(path.relative(repoRoot, path.resolve(srcDir, file!)))]),
  ) as ExposedFiles;
}

describe.each(Object.entries(REMOTE_PACKAGES))('the %s remote', (remote, packageName) => {
  const packageDir = path.join(repoRoot, packageName);

  it('declares in src/exposes.ts exactly the modules its webpack config exposes', () => {
    const built = webpackExposes(packageDir);
    expect(built.name).toBe(remote);
    expect(Object.keys(built.files).length).toBeGreaterThan(0);
    expect(declaredExposes(packageDir)).toEqual(built.files);
  });

  it('publishes src/exposes.ts as its types-only "./exposes" entry (what the shell imports)', () => {
    const packageJson = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
      exports?: unknown;
    };
    expect(packageJson.exports).toEqual({ './exposes': { types: './src/exposes.ts' } });
  });
});
