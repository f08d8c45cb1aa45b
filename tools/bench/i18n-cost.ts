// `npm run bench:i18n`: what each i18n library the issue names adds to a page, on the same small component
// (one plural message with an argument, Arabic catalog, React left out: the page has it already). The figures behind
// docs/languages.md ("Messages: Lingui 5, chosen on measured bytes"). The competitors are installed into a temporary folder (npm registry), not into
// the project: the site ships one library.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { kb, printTable } from './lib/format';

const PACKAGES = [
  '@lingui/core@5.9.5',
  '@lingui/react@5.9.5',
  'react-intl@7.1.9',
  'i18next@26.7.2',
  'i18next-icu@2',
  'intl-messageformat@10',
  'react-i18next@16',
  'react@19.3.1',
];

const MESSAGE = '{n, plural, one {منتج واحد} other {# منتجات}}';

interface Candidate {
  name: string;
  source: string;
  alias?: Record<string, string>;
}

const CANDIDATES: Candidate[] = [
  {
    name: 'Lingui 5 (catalog compiled at build time, as the site ships it)',
    source: `import { i18n } from '@lingui/core'; import { I18nProvider, useLingui } from '@lingui/react';
      i18n.load('ar', { count: ${JSON.stringify([['n', 'plural', { one: ['منتج واحد'], other: [['n'], ' منتجات'] }]])} }); i18n.activate('ar');
      function C({ n }) { const { _ } = useLingui(); return <p>{_('count', { n })}</p>; }
      export const App = (p) => <I18nProvider i18n={i18n}><C {...p} /></I18nProvider>;`,
  },
  {
    name: 'FormatJS react-intl 7 (ICU parsed in the browser)',
    source: `import { IntlProvider, useIntl } from 'react-intl'; const messages = { count: ${JSON.stringify(MESSAGE)} };
      function C({ n }) { return <p>{useIntl().formatMessage({ id: 'count' }, { n })}</p>; }
      export const App = (p) => <IntlProvider locale="ar" messages={messages}><C {...p} /></IntlProvider>;`,
  },
  {
    name: 'FormatJS react-intl 7 (precompiled messages, no parser)',
    source: `import { IntlProvider, useIntl } from 'react-intl'; const messages = { count: ${JSON.stringify(MESSAGE)} };
      function C({ n }) { return <p>{useIntl().formatMessage({ id: 'count' }, { n })}</p>; }
      export const App = (p) => <IntlProvider locale="ar" messages={messages}><C {...p} /></IntlProvider>;`,
    alias: { '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser' },
  },
  {
    name: 'i18next 26 + react-i18next 16 + i18next-icu (ICU plurals)',
    source: `import i18next from 'i18next'; import ICU from 'i18next-icu'; import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
      i18next.use(ICU).use(initReactI18next).init({ lng: 'ar', resources: { ar: { translation: { count: ${JSON.stringify(MESSAGE)} } } } });
      function C({ n }) { const { t } = useTranslation(); return <p>{t('count', { n })}</p>; }
      export const App = (p) => <I18nextProvider i18n={i18next}><C {...p} /></I18nextProvider>;`,
  },
  {
    name: 'i18next 26 + react-i18next 16 (its own plural keys, not ICU)',
    source: `import i18next from 'i18next'; import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
      i18next.use(initReactI18next).init({ lng: 'ar', resources: { ar: { translation: { count_one: 'منتج واحد', count_other: '{{count}} منتجات' } } } });
      function C({ n }) { const { t } = useTranslation(); return <p>{t('count', { count: n })}</p>; }
      export const App = (p) => <I18nextProvider i18n={i18next}><C {...p} /></I18nextProvider>;`,
  },
];

async function gzipBytes(dir: string, candidate: Candidate): Promise<number> {
  const result = await build({
    stdin: { contents: candidate.source, resolveDir: dir, loader: 'jsx' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    write: false,
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: candidate.alias,
    logLevel: 'error',
  });
  return gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'i18n-cost-'));
  try {
    writeFileSync(path.join(dir, 'package.json'), '{"private":true}');
    console.log(`Installing ${PACKAGES.join(', ')} into ${dir} …`);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', ...PACKAGES], {
      cwd: dir,
      stdio: 'inherit',
    });
    const rows: string[][] = [['library', 'JS per page (min+gzip)']];
    for (const candidate of CANDIDATES) rows.push([candidate.name, kb(await gzipBytes(dir, candidate))]);
    printTable('i18n libraries, one plural message in Arabic (React excluded)', rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
