// The type contract at work (remoteExposes.ts): the shell's real typecheck (`tsc --noEmit` over shell/, as
// `npm run typecheck` runs it) against a copy of a remote's src with a breaking change, as if the remote team had made
// it. The change must fail the shell's typecheck where the shell's use breaks, and the unchanged copy must pass.
// The copy lives in a temporary folder and a temporary tsconfig points `@site/<remote>/exposes` at it: the real
// sources are never touched.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const tsc = path.join(repoRoot, 'node_modules', '.bin', 'tsc');

/** A remote's package folder (and package name, `@site/<folder>`), and what to change in the copy of its src. */
interface RemoteChange {
  remotePackage: 'mfe-catalogue' | 'mfe-company' | 'mfe-contact' | 'mfe-chat';
  change: (srcCopy: string) => Promise<void>;
}

interface Typecheck {
  code: number;
  /** tsc's messages, file paths relative to the repo (`shell/src/frame/SearchDialog.tsx(27,7): error TS2741: ...`). */
  output: string;
}

/** Replaces `from` (which must be there: else the remote changed and this test needs updating) in a file of the copy. */
async function edit(file: string, from: string | RegExp, to: string): Promise<void> {
  const source = await readFile(file, 'utf8');
  const changed = source.replace(from, to);
  if (changed === source)
    throw new Error(`${String(from)} is not in ${path.basename(file)} any more: update this test's change.`);
  await writeFile(file, changed);
}

async function baseConfigPaths(): Promise<Record<string, string[]>> {
  // tsconfig.base.json is plain JSON; a tsconfig's own `paths` replace the ones it extends, so they are repeated.
  const base = JSON.parse(await readFile(path.join(repoRoot, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions: { paths?: Record<string, string[]> };
  };
  return Object.fromEntries(
    Object.entries(base.compilerOptions.paths ?? {}).map(([pattern, targets]) => [
      pattern,
      targets.map((target) => path.resolve(repoRoot, target)),
    ]),
  );
}

/** `tsc --noEmit` over the shell with one remote's `exposes` served from an edited copy of its src folder. */
async function typecheckShellAgainst({ remotePackage, change }: RemoteChange): Promise<Typecheck> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'remote-contract-'));
  try {
    // The copy finds react, @site/shared-store... where the original does (one copy of each in the program).
    await symlink(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const srcCopy = path.join(dir, remotePackage, 'src');
    await cp(path.join(repoRoot, remotePackage, 'src'), srcCopy, { recursive: true });
    await change(srcCopy);
    const tsconfig = {
      // The shell's own config (its files: `include` stays relative to shell/), one import redirected.
      extends: path.join(repoRoot, 'shell', 'tsconfig.json'),
      compilerOptions: {
        paths: { ...(await baseConfigPaths()), [`@site/${remotePackage}/exposes`]: [path.join(srcCopy, 'exposes.ts')] },
      },
    };
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    return await new Promise<Typecheck>((resolve) => {
      execFile(
        tsc,
        ['--noEmit', '--pretty', 'false', '-p', path.join(dir, 'tsconfig.json')],
        { cwd: repoRoot },
        (error, stdout, stderr) => {
          resolve({
            code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
            output: `${stdout}${stderr}`,
          });
        },
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const unchanged: RemoteChange = { remotePackage: 'mfe-catalogue', change: async () => undefined };

/** The catalogue's search modal now requires a prop the shell's header does not pass. */
const searchModalNeedsNewProp: RemoteChange = {
  remotePackage: 'mfe-catalogue',
  change: (srcCopy) =>
    edit(
      path.join(srcCopy, 'search', 'SearchModal.tsx'),
      '{ open, onClose, typedText }: SearchModalProps)',
      '{ open, onClose, typedText }: SearchModalProps & { initialQuery: string })',
    ),
};

/** The company remote renames its './HomePage' expose (the route table still names the old one). */
const homePageRenamed: RemoteChange = {
  remotePackage: 'mfe-company',
  change: (srcCopy) => edit(path.join(srcCopy, 'exposes.ts'), "'./HomePage':", "'./LandingPage':"),
};

/** Generous: on a busy 2-core machine three typechecks beside jest's other suites took ~20 s. */
const TIMEOUT_MS = 120_000;

/** One tsc line per error (its first line, `file(line,col): error TSxxxx: ...`), for readable failures. */
const errorLines = (output: string) => output.split('\n').filter((line) => /\berror TS\d+/.test(line));

describe('the type contract between the shell and the remotes', () => {
  // The three typechecks run side by side (TypeScript 7's tsc takes 1-3 s each, more while jest runs other suites).
  const results = new Map<RemoteChange, Promise<Typecheck>>();
  beforeAll(() => {
    for (const change of [unchanged, searchModalNeedsNewProp, homePageRenamed]) {
      const typecheck = typecheckShellAgainst(change);
      typecheck.catch(() => undefined); // failed in its own test, not as an unhandled rejection while another awaits
      results.set(change, typecheck);
    }
  });
  const result = (change: RemoteChange) => results.get(change)!;

  it(
    'holds for the remotes as they are (the shell typechecks against an unchanged copy)',
    async () => {
      const { code, output } = await result(unchanged);
      expect(errorLines(output)).toEqual([]);
      expect(code).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    'fails the shell when the search modal requires a new prop, in the file that renders it',
    async () => {
      const { code, output } = await result(searchModalNeedsNewProp);
      expect(code).not.toBe(0);
      const errors = errorLines(output);
      expect(errors.some((line) => line.startsWith('shell/src/frame/SearchDialog.tsx'))).toBe(true);
      expect(output).toContain("Property 'initialQuery' is missing");
      // The shell is what breaks: the changed remote itself still compiles.
      expect(errors.every((line) => line.startsWith('shell/'))).toBe(true);
    },
    TIMEOUT_MS,
  );

  it(
    'fails the shell when an exposed page it routes to is renamed, in the route table',
    async () => {
      const { code, output } = await result(homePageRenamed);
      expect(code).not.toBe(0);
      const errors = errorLines(output);
      expect(errors.some((line) => line.startsWith('shell/src/routes/routeTable.tsx'))).toBe(true);
      expect(output).toContain('"./HomePage"');
      expect(errors.every((line) => line.startsWith('shell/'))).toBe(true);
    },
    TIMEOUT_MS,
  );
});
