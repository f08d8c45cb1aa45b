// One jest run over every package's unit and component tests (the server uses node:test, see server/package.json).
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
];

const browserPackages = ['shell', 'mfe-catalogue', 'mfe-company', 'mfe-contact', 'mfe-chat', 'shared-ui', 'shared-store'];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    ...browserPackages.map((name) => ({
      displayName: name,
      rootDir: `<rootDir>/${name}`,
      testEnvironment: 'jsdom',
      transform: { '^.+\\.(t|j)sx?$': swc },
      setupFilesAfterEnv: ['<rootDir>/../tools/jest/setup-dom.ts'],
      moduleNameMapper: {
        '\\.(svg|png|jpe?g|webp|pdf)$': '<rootDir>/../tools/jest/file-stub.cjs',
        '^@test/render$': '<rootDir>/../tools/jest/render.tsx',
      },
      testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    })),
    {
      displayName: 'content',
      rootDir: '<rootDir>/content',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts'],
    },
  ],
};
