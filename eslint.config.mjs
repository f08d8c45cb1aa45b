// ESLint for the whole tree: `npm run lint` (zero warnings; a step of `npm test`). Type-aware typescript-eslint,
// React's hook rules, jsx-a11y, the package boundaries (below) and the shared facades' imports.
// The packages live in tools/lint/ (see tools/lint/plugins.mjs for why); the rules are proven to fire by
// tools/lint/boundaries.test.mjs.
import {
  createTypeScriptImportResolver,
  globals,
  importX,
  js,
  jsxA11y,
  reactHooks,
  tseslint,
} from './tools/lint/plugins.mjs';
import { sharedFacadeRestrictions } from './tools/lint/shared-facades.mjs';

const REMOTES = ['mfe-catalogue', 'mfe-company', 'mfe-contact', 'mfe-chat', 'mfe-staff'];
/** The hosts: the public shell, and the staff pages' own. */
const APPS = ['shell', 'staff-host', ...REMOTES];
const PRODUCT_PACKAGES = [...APPS, 'shared-ui', 'shared-store', 'content', 'server', 'contracts'];

/** Test code inside a package: it may use the test tooling of tools/ (e.g. `@test/render`). */
const TEST_FILES = [
  '**/*.test.{ts,tsx,mts,cts,js,mjs,cjs}',
  '**/*TestDoubles.{ts,tsx}',
  '**/testing/**',
  '**/test-support/**',
];
const SOURCE = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';

/**
 * Who may import whom, by resolved file (workspace names, relative paths and tsconfig `paths` alike; static, dynamic
 * and require() imports). Each zone forbids `target` files to import `from` files.
 */
const zone = (target, from, message) => ({ target, from, message });
const everyFileZones = [
  ...REMOTES.map((remote) =>
    zone(
      `./${remote}/${SOURCE}`,
      [...APPS.filter((app) => app !== remote).map((app) => `./${app}/${SOURCE}`)],
      'A remote never imports another remote or the shell: share through @site/shared-ui, @site/shared-store or @site/contracts.',
    ),
  ),
  // Staff code never reaches a public page: the public shell does not even name the staff app's types, and
  // the staff pages' host takes nothing from the public shell (it is a page of its own).
  zone(
    './shell/' + SOURCE,
    ['./mfe-staff/' + SOURCE, './staff-host/' + SOURCE],
    'The public shell never imports the staff app or its host: staff code must never reach a public page.',
  ),
  zone(
    './staff-host/' + SOURCE,
    './shell/' + SOURCE,
    'The staff host never imports the public shell: it is a page of its own.',
  ),
  zone(
    ['./shared-ui/' + SOURCE, './shared-store/' + SOURCE],
    [...APPS, 'server'].map((app) => `./${app}/${SOURCE}`),
    'shared-ui and shared-store import no app.',
  ),
  zone(
    './contracts/' + SOURCE,
    [...APPS, 'server', 'shared-ui', 'shared-store', 'tools', 'tests'].map((dir) => `./${dir}/${SOURCE}`),
    '@site/contracts imports no app: every side imports it.',
  ),
  zone(
    './server/' + SOURCE,
    [...APPS, 'shared-ui', 'shared-store'].map((dir) => `./${dir}/${SOURCE}`),
    'The server never imports browser code (it renders the apps from their server-render builds).',
  ),
  // tools/ (bench, webpack, jest) may use the tests' support (it starts the site, finds Chromium); the tests never
  // import tools/, so the two do not import each other in a circle.
  zone(
    './tests/' + SOURCE,
    './tools/' + SOURCE,
    'tests/ never imports tools/ (tools/ imports tests/support): move the shared piece to tests/support.',
  ),
];
const productCodeZones = [
  zone(
    PRODUCT_PACKAGES.map((dir) => `./${dir}/src/${SOURCE}`),
    ['./tools/' + SOURCE, './tests/' + SOURCE],
    'Product code never imports tools/ or tests/.',
  ),
];

/**
 * Inside the server (server/src): the platform below, the features above. The platform (platform/: configuration,
 * database, HTTP plumbing, mail outbox, command-line helpers, spreadsheets, validation) imports no feature; a feature imports
 * another only through that feature's public index.ts; app.ts, server.ts and outboxMail.ts put them together, through
 * the same index.ts files.
 * The few imports against the grain carry an eslint-disable comment saying why. Proven by tools/lint/boundaries.test.mjs.
 */
const SERVER_SRC = './server/src';
const SERVER_PLATFORM = ['platform'];
const SERVER_FEATURES = [
  'accounts',
  'assistant',
  'catalogue',
  'pages',
  'quotations',
  'quote-requests',
  'releases',
  'reviews',
  'seo',
  'staff',
  'stock',
  'submissions',
  'vitals',
];
// app/ holds app.ts's steps, one module each: the assembly too.
const SERVER_ASSEMBLY = ['app.ts', 'app', 'server.ts', 'main.ts', 'outboxMail.ts'];
const serverZones = [
  zone(
    SERVER_PLATFORM.map((dir) => `${SERVER_SRC}/${dir}`),
    SERVER_FEATURES.map((dir) => `${SERVER_SRC}/${dir}`),
    "The server's platform (server/src/platform) imports no feature: a feature registers with it, or app.ts passes it what it needs.",
  ),
  ...SERVER_FEATURES.map((feature) => ({
    target: `${SERVER_SRC}/${feature}`,
    from: SERVER_FEATURES.filter((other) => other !== feature).map((other) => `${SERVER_SRC}/${other}`),
    except: ['./index.ts'],
    message: "A server feature uses another only through that feature's index.ts, never its files.",
  })),
  {
    target: SERVER_ASSEMBLY.map((file) => `${SERVER_SRC}/${file}`),
    from: SERVER_FEATURES.map((feature) => `${SERVER_SRC}/${feature}`),
    except: ['./index.ts'],
    message: 'app.ts, server.ts and outboxMail.ts use a feature through its index.ts, never its files.',
  },
  zone(
    [...SERVER_PLATFORM, ...SERVER_FEATURES].map((dir) => `${SERVER_SRC}/${dir}`),
    SERVER_ASSEMBLY.map((file) => `${SERVER_SRC}/${file}`),
    'Nothing imports app.ts, server.ts or outboxMail.ts: they put the platform and the features together.',
  ),
];

/**
 * Inside the staff app (mfe-staff/src), the same walls: api/ (the RTK Query API and its base query) and ui/ (the
 * staff pages' parts) below, the features above, app/ (the store, the routes, the layout) putting them together. A
 * feature takes from app/ its store only (the store and its typed hooks); another feature only through that feature's
 * index.ts, so what a feature lends out is named in one file. Proven by tools/lint/boundaries.test.mjs.
 */
const STAFF_SRC = './mfe-staff/src';
const STAFF_PLATFORM = ['api', 'ui'];
const STAFF_FEATURES = [
  'account',
  'audit',
  'catalogue',
  'inbox',
  'item',
  'orders',
  'quotation',
  'rates',
  'releases',
  'reviews',
  'session',
  'settings',
  'sign-in',
  'stock',
];
const staffZones = [
  zone(
    STAFF_PLATFORM.map((dir) => `${STAFF_SRC}/${dir}`),
    [...STAFF_FEATURES, 'app'].map((dir) => `${STAFF_SRC}/${dir}`),
    "The staff app's api/ and ui/ import no feature and nothing of app/: a feature passes them what they need.",
  ),
  {
    target: STAFF_FEATURES.map((feature) => `${STAFF_SRC}/${feature}`),
    from: `${STAFF_SRC}/app`,
    except: ['./store.ts'],
    message:
      'A staff feature takes from app/ its store only (app/store.ts): the rest of app/ puts the features together.',
  },
  ...STAFF_FEATURES.map((feature) => ({
    target: `${STAFF_SRC}/${feature}`,
    from: STAFF_FEATURES.filter((other) => other !== feature).map((other) => `${STAFF_SRC}/${other}`),
    except: ['./index.ts'],
    message: "A staff feature uses another only through that feature's index.ts, never its files.",
  })),
];

const boundaries = (zones) => ({ 'import-x/no-restricted-paths': ['error', { zones, basePath: import.meta.dirname }] });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'content/generated/',
      '**/test-results/',
      '**/playwright-report/',
      '**/.data/',
      'server/.test-bundle/',
      '**/.release-test-*/',
      '**/.swc/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // The files no-cycle follows an import into (it parses them with the linted file's parser, TypeScript's).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json', 'tools/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      ...boundaries([...everyFileZones, ...productCodeZones, ...serverZones, ...staffZones]),
      // node:test's test()/describe() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
      // An async function without await is how a fake or a handler implements an async interface; the promise
      // mistakes that matter are no-floating-promises' and no-misused-promises'.
      '@typescript-eslint/require-await': 'off',
      // React event handlers that dispatch a thunk return its promise, which React ignores; the thunks report their
      // own failures (rejected actions). Promises passed where a void callback is expected elsewhere are still errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `interface X extends Y {}` is how module augmentation adds to a declared type (RTK's lazy slices, the theme).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // Flagged only RTK's slice selectors and jest's spied methods, declared as methods but free of `this`.
      '@typescript-eslint/unbound-method': 'off',
      // Unused arguments and caught errors named with a leading _ say "deliberately unused".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: [...TEST_FILES, 'tests/**'],
    rules: {
      // jest's asymmetric matchers (expect.any(), expect.objectContaining()...) are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: TEST_FILES,
    rules: boundaries(everyFileZones),
  },
  {
    // JavaScript (configs, build scripts, facades) is in no tsconfig: the rules that need types are off there.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['{shell,staff-host,mfe-*,shared-ui,shared-store,contracts,content}/src/**/*.{ts,tsx}', 'tools/jest/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
  },
  {
    // React code only: the server's and Playwright's own use*() functions are not hooks, nor is useStable() in the
    // shell's federation runtime plugin (it falls back to a remote's stable release).
    files: ['{shell,staff-host,mfe-*,shared-ui,shared-store,contracts}/src/**/*.{ts,tsx}', 'tools/jest/**/*.{ts,tsx}'],
    ignores: ['shell/src/remotes/siteRemotesPlugin.ts'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    rules: {
      // A missing dependency is a stale-closure bug, not a style point.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['{shell,staff-host,mfe-*,shared-ui,shared-store,contracts,content}/src/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, '**/server-render/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', sharedFacadeRestrictions()] },
  },
  {
    // RTK Query, bundled by the staff app alone: the staff host shares the toolkit whole (staff-host/webpack.config.cjs)
    files: ['mfe-staff/src/api/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        sharedFacadeRestrictions({ allowSubpaths: ['@reduxjs/toolkit/query/react'] }),
      ],
    },
  },
  {
    // No import circle in product code: a module of a circle can be read before it has run (its names still
    // undefined), depending on which module of the circle an entry reaches first. Type-only imports never run.
    files: ['{shell,staff-host,mfe-*,shared-ui,shared-store,contracts,content,server}/src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // A Playwright fixture with no dependencies is declared `async ({}, use) => ...`.
    files: ['tests/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Tests and benches use a package through what it exports, never its src by a relative path: the server's through
    // @site/server/test-support (helpers) and @site/server/test-support/server (its modules). The monolith build
    // (tools/webpack) compiles the apps' sources and is the exception.
    files: ['tests/**', 'tools/bench/**', 'tools/lint/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${PRODUCT_PACKAGES.join('|')})/src(/|$)`,
              message:
                "Import the package by its name, not another package's src: the server's test helpers are @site/server/test-support, its modules @site/server/test-support/server.",
            },
          ],
        },
      ],
    },
  },
  {
    // Clients are counted by request.client (platform/http/requestClient.ts: one normalised address and its networks),
    // never by request.ip as a proxy wrote it: one address has many spellings, and an IPv6 visitor a whole /64.
    files: ['server/src/**/*.ts'],
    ignores: [...TEST_FILES, 'server/src/platform/http/requestClient.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='ip']",
          message:
            'Read request.client (its address, network and wideNetwork), not request.ip: see platform/http/requestClient.ts.',
        },
      ],
    },
  },
  {
    files: ['server/**/*.{ts,mts}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-dom/client', '@module-federation/enhanced/runtime', '@module-federation/runtime'].map(
            (name) => ({
              name,
              message:
                'Browser-only: the server renders with react-dom/server and reads the federation manifests itself.',
            }),
          ),
        },
      ],
    },
  },
);
