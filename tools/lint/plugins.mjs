// The lint packages, resolved from tools/lint/: typescript-eslint and its peers sit in tools/lint/node_modules with
// TypeScript 6.0, the last release with the JS compiler API it needs (the repo's tsc is TypeScript 7, which has none).
export { default as js } from '@eslint/js';
export { default as tseslint } from 'typescript-eslint';
export { default as reactHooks } from 'eslint-plugin-react-hooks';
export { default as jsxA11y } from 'eslint-plugin-jsx-a11y';
export { importX } from 'eslint-plugin-import-x';
export { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
export { default as globals } from 'globals';
