// One jest run over every package's unit and component tests (the server uses node:test, see server/package.json).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
  },
];

const mswEsmOnlyPackages = ['rettime', 'until-async', '@open-draft/deferred-promise'];

const browserPackages = [
  'shell',
  'mfe-catalogue',
  'mfe-company',
  'mfe-contact',
  'mfe-chat',
  'mfe-staff',
  'staff-host',
  'shared-ui',
  'shared-store',
];

/** @type {import('jest').Config} */
module.exports = {
  reporters: ['default', '<rootDir>/tools/jest/near-limit-reporter.cjs'],
  projects: [
    ...browserPackages.map((name) => ({
      displayName: name,
      rootDir: `<rootDir>/${name}`,
      // jsdom plus Node's fetch, Request/Response, streams, TextEncoder and BroadcastChannel, which MSW needs (kept by
      // the MSW team; it also resolves packages with Node's export conditions, as msw/node requires).
      testEnvironment: 'jest-fixed-jsdom',
      transform: {
        '^.+\\.(t|j)sx?$': swc,
        '^.+\\.mjs$': swc,
        '[\\\\/]shared-ui[\\\\/]src[\\\\/]i18n[\\\\/][a-z]{2}\\.json$': '<rootDir>/../tools/jest/catalog-transform.cjs',
        // a part's catalog its chunk adds to the page's instance (the variant table's, the quotation page's), compiled as the build compiles it
        '[\\\\/]details[\\\\/]variants[\\\\/]i18n[\\\\/][a-z]{2}\\.json$':
          '<rootDir>/../tools/jest/catalog-transform.cjs',
        '[\\\\/]quotation-link[\\\\/]i18n[\\\\/][a-z]{2}\\.json$': '<rootDir>/../tools/jest/catalog-transform.cjs',
        // the pack notes' (@site/shared-ui/packs)
        '[\\\\/]shared-ui[\\\\/]src[\\\\/]packs[\\\\/]i18n[\\\\/][a-z]{2}\\.json$':
          '<rootDir>/../tools/jest/catalog-transform.cjs',
        // the listing filters' panel's (filters/FiltersPanel.tsx)
        '[\\\\/]listing[\\\\/]filters[\\\\/]i18n[\\\\/][a-z]{2}\\.json$':
          '<rootDir>/../tools/jest/catalog-transform.cjs',
      },
      // MSW 2.13+ requires these ESM-only packages from its CommonJS build: swc turns them into CommonJS
      // (mswjs/msw#2698).
      transformIgnorePatterns: [`/node_modules/(?!(${mswEsmOnlyPackages.join('|')})/)`],
      setupFilesAfterEnv: ['<rootDir>/../tools/jest/setup-dom.ts', '<rootDir>/../tools/jest/msw.ts'],
      moduleNameMapper: {
        '\\.(svg|png|jpe?g|webp|pdf|woff2)$': '<rootDir>/../tools/jest/file-stub.cjs',
        '^@test/render$': '<rootDir>/../tools/jest/render.tsx',
        '^@test/msw$': '<rootDir>/../tools/jest/msw.ts',
        '^@test/federation$': '<rootDir>/../tools/jest/federation.ts',
      },
      testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    })),
    {
      displayName: 'contracts',
      rootDir: '<rootDir>/contracts',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    {
      // The benchmarks' pure parts (their verdicts): the benchmarks themselves run by hand (`npm run bench`).
      displayName: 'tools-bench',
      rootDir: '<rootDir>/tools/bench',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      testMatch: ['<rootDir>/lib/**/*.test.ts'],
    },
    {
      displayName: 'content',
      rootDir: '<rootDir>/content',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts'],
    },
  ],
};
