// The staff remote's src/exposes.ts (the types this host is checked against) lists the modules its webpack config
// exposes, under the names contracts/src/staffApi.ts gives; and this host's files are built for the path the server
// serves them at.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STAFF_APP_MODULE, STAFF_HOST_ASSETS_PATH, STAFF_REMOTE } from '@site/contracts/staff-api';

const repoRoot = path.resolve(__dirname, '..', '..');

// Reading a webpack config gives the options it passes to the shared factory, without loading webpack.
jest.mock('../../tools/webpack/federated-app.cjs', () => ({ createFederatedAppConfig: (options: unknown) => options }));

interface FactoryOptions {
  name: string;
  exposes?: Record<string, string>;
  isHost?: boolean;
  publicPath?: string;
  serverRender?: boolean;
}

const configOf = (packageName: string) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest's own require, so the jest.mock above reaches the config's require
  require(path.join(repoRoot, packageName, 'webpack.config.cjs')) as FactoryOptions;

describe('the staff remote and its host', () => {
  it("the remote is built under the contract's name, exposing the module the host renders, as src/exposes.ts declares", () => {
    const remote = configOf('mfe-staff');
    expect(remote.name).toBe(STAFF_REMOTE);
    expect(remote.serverRender).toBe(false);
    expect(Object.keys(remote.exposes ?? {})).toEqual([STAFF_APP_MODULE]);
    const declared = readFileSync(path.join(repoRoot, 'mfe-staff', 'src', 'exposes.ts'), 'utf8');
    const entries = [...declared.matchAll(/^\s*'([^']+)':\s*typeof import\('([^']+)'\);?\s*$/gm)].map(
      ([, key, file]) => [key, path.join('src', file!)],
    );
    const built = Object.entries(remote.exposes ?? {}).map(([key, file]) => [
      key,
      path.normalize(file).replace(/\.tsx?$/, ''),
    ]);
    expect(entries).toEqual(built);
  });

  it('the host is built for the address the server serves its files at', () => {
    const host = configOf('staff-host');
    expect(host).toMatchObject({ isHost: true, publicPath: STAFF_HOST_ASSETS_PATH, serverRender: false });
  });
});
