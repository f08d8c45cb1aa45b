// Proves that the boundary, shared-facade and import-circle rules of eslint.config.mjs fire (and stay quiet where an
// import is allowed): each case lints a small in-memory file placed in the tree, with the repo's own config.
// Run with `node --test tools/lint/` (part of `npm run lint`).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const BOUNDARY_RULES = new Set([
  'import-x/no-restricted-paths',
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
]);
// Its own group: a probe that breaks a boundary often closes a circle too (the platform importing a feature that imports it).
const CIRCLE_RULES = new Set(['import-x/no-cycle']);

const eslint = new ESLint({
  cwd: repoRoot,
  // Only the rules under test, and no type information: they read import paths, not types (and it keeps this fast).
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId) || CIRCLE_RULES.has(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

/** The messages of `rules` for `code` as if it were the file `file` (relative to the repo root). */
async function lint(file, code, rules) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  assert.ok(result, `no lint result for ${file}`);
  assert.deepEqual(
    result.messages.filter((message) => message.fatal),
    [],
    `${file} did not parse`,
  );
  return result.messages
    .filter((message) => rules.has(message.ruleId))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

async function assertFires(file, code, expected, rules = BOUNDARY_RULES) {
  const messages = await lint(file, code, rules);
  assert.equal(messages.length, 1, `expected one problem in ${file}, got:\n${messages.join('\n')}`);
  assert.match(messages[0], expected);
}

async function assertQuiet(file, code, rules = BOUNDARY_RULES) {
  assert.deepEqual(await lint(file, code, rules), [], `expected no problem in ${file}`);
}

describe('package boundaries', () => {
  test('a remote never imports another remote', () =>
    assertFires(
      'mfe-chat/src/lint-probe.ts',
      "import type { Exposes } from '@site/mfe-catalogue/exposes';\n",
      /A remote never imports another remote/,
    ));

  test('a public remote never imports the staff remote, nor the staff app the public ones', async () => {
    await assertFires(
      'mfe-catalogue/src/lint-probe.ts',
      "import type { StaffExposes } from '@site/mfe-staff/exposes';\n",
      /A remote never imports another remote/,
    );
    await assertFires(
      'mfe-staff/src/lint-probe.ts',
      "import '../../mfe-contact/src/exposes';\n",
      /A remote never imports another remote/,
    );
  });

  test('the public shell never imports the staff app or its host, not even types', async () => {
    await assertFires(
      'shell/src/lint-probe.ts',
      "import type { StaffExposes } from '@site/mfe-staff/exposes';\n",
      /The public shell never imports the staff app/,
    );
    await assertFires(
      'shell/src/lint-probe.ts',
      "import '../../staff-host/src/staffRemote';\n",
      /The public shell never imports the staff app/,
    );
  });

  test("the staff host never imports the public shell, and may name the staff remote's types", async () => {
    await assertFires(
      'staff-host/src/lint-probe.ts',
      "import '../../shell/src/remotes/remoteSource';\n",
      /The staff host never imports the public shell/,
    );
    await assertQuiet('staff-host/src/lint-probe.ts', "import type { StaffExposes } from '@site/mfe-staff/exposes';\n");
  });

  test('a remote never imports the shell, by a relative path either', () =>
    assertFires(
      'mfe-company/src/lint-probe.ts',
      "import '../../shell/src/index';\n",
      /A remote never imports another remote or the shell/,
    ));

  test('product code never imports tools/ (tsconfig paths included)', () =>
    assertFires(
      'shell/src/lint-probe.ts',
      "import { renderWithProviders } from '@test/render';\n",
      /Product code never imports tools\/ or tests\//,
    ));

  test('product code never imports tests/', () =>
    assertFires(
      'server/src/lint-probe.ts',
      "import { CHROMIUM_PATH } from '../../tests/support/chromium';\n",
      /Product code never imports tools\/ or tests\//,
    ));

  test('test code inside a package may use the test tooling of tools/', () =>
    assertQuiet('shell/src/lint-probe.test.tsx', "import { renderWithProviders } from '@test/render';\n"));

  test('shared-ui imports no app', () =>
    assertFires(
      'shared-ui/src/lint-probe.ts',
      "import '../../mfe-contact/src/exposes';\n",
      /shared-ui and shared-store import no app/,
    ));

  test('shared-store imports no app (the server neither)', () =>
    assertFires(
      'shared-store/src/lint-probe.ts',
      "import '../../server/src/app';\n",
      /shared-ui and shared-store import no app/,
    ));

  test('contracts imports no app', () =>
    assertFires('contracts/src/lint-probe.ts', "import '../../shell/src/index';\n", /@site\/contracts imports no app/));

  test('everyone may import contracts', () =>
    assertQuiet('mfe-chat/src/lint-probe.ts', "import '@site/contracts/routes';\n"));

  test('the server never imports browser code of the workspace', () =>
    assertFires(
      'server/src/lint-probe.ts',
      "import { theme } from '@site/shared-ui';\n",
      /The server never imports browser code/,
    ));

  test('the server never imports browser-only packages', () =>
    assertFires('server/src/lint-probe.ts', "import { hydrateRoot } from 'react-dom/client';\n", /Browser-only/));

  test('tests/ never imports tools/', () =>
    assertFires(
      'tests/specs/lint-probe.spec.ts',
      "import { kb } from '../../tools/bench/lib/format';\n",
      /tests\/ never imports tools\//,
    ));

  test("tests and benches never import another package's src by path: the server's through its test-support entries", async () => {
    await assertFires(
      'tests/specs/lint-probe.spec.ts',
      "import { pdfText } from '../../server/src/test-support/pdfText';\n",
      /not another package's src/,
    );
    await assertFires(
      'tools/bench/lint-probe.ts',
      "import { buildApp } from '../../server/src/app.js';\n",
      /not another package's src/,
    );
    await assertFires(
      'tests/support/lint-probe.ts',
      "import { ROUTES } from '../../contracts/src/routes';\n",
      /not another package's src/,
    );
    await assertQuiet('tests/specs/lint-probe.spec.ts', "import { pdfText } from '@site/server/test-support';\n");
    await assertQuiet('tools/bench/lint-probe.ts', "import { buildApp } from '@site/server/test-support/server';\n");
  });

  test('tools/ may import the tests’ support', () =>
    assertQuiet('tools/bench/lint-probe.ts', "import { CHROMIUM_PATH } from '../../tests/support/chromium';\n"));
});

describe('inside the server: the platform below, the features above', () => {
  test('the platform imports no feature', async () => {
    await assertFires(
      'server/src/platform/db/lint-probe.ts',
      "import { seedCatalogue } from '../../catalogue/seed.js';\n",
      /The server's platform \(server\/src\/platform\) imports no feature/,
    );
    await assertFires(
      'server/src/platform/mail/lint-probe.ts',
      "import { registerQuoteMail } from '../../quote-requests/quoteMail.js';\n",
      /The server's platform \(server\/src\/platform\) imports no feature/,
    );
    await assertFires(
      'server/src/platform/http/lint-probe.ts',
      "import { recordStaffAction } from '../../staff/audit.js';\n",
      /The server's platform \(server\/src\/platform\) imports no feature/,
    );
  });

  test("config.ts, the platform's, takes nothing from the staff feature", async () => {
    const messages = await lint(
      'server/src/platform/config.ts',
      "import { TotpSecretBox } from '../staff/totpSecrets.js';\n",
      BOUNDARY_RULES,
    );
    assert.equal(messages.length, 1, messages.join('\n'));
    assert.match(messages[0], /The server's platform \(server\/src\/platform\) imports no feature/);
  });

  test('a feature may import the platform', () =>
    assertQuiet(
      'server/src/reviews/lint-probe.ts',
      "import { clientAddress } from '../platform/http/clientAddress.js';\nimport type { Vars } from '../platform/config.js';\n",
    ));

  test('a feature uses another through its index.ts, never its files', async () => {
    await assertFires(
      'server/src/reviews/lint-probe.ts',
      "import { CatalogueStore } from '../catalogue/catalogueStore.js';\n",
      /only through that feature's index\.ts/,
    );
    await assertFires(
      'server/src/staff/work/lint-probe.ts',
      "import { composeQuoteMail } from '../../quote-requests/quoteMail.js';\n",
      /only through that feature's index\.ts/,
    );
    await assertQuiet('server/src/reviews/lint-probe.ts', "import { CatalogueStore } from '../catalogue/index.js';\n");
    // the quotations feature takes the staff feature's rules as functions, never from its files (and the reverse)
    await assertFires(
      'server/src/quotations/lint-probe.ts',
      "import { canSeeBranch } from '../staff/access.js';\n",
      /only through that feature's index\.ts/,
    );
    await assertFires(
      'server/src/staff/work/lint-probe.ts',
      "import { saveQuotation } from '../../quotations/quotationStore.js';\n",
      /only through that feature's index\.ts/,
    );
    await assertQuiet(
      'server/src/staff/work/lint-probe.ts',
      "import { staffQuotationsPlugin } from '../../quotations/index.js';\n",
    );
  });

  test("a feature's own files import each other freely", () =>
    assertQuiet(
      'server/src/catalogue/lint-probe.ts',
      "import { CatalogueStore } from './catalogueStore.js';\nimport { importCatalogueRows } from './file/catalogueImport.js';\n",
    ));

  test('app.ts uses a feature through its index.ts too', async () => {
    await assertFires(
      'server/src/app.ts',
      "import { catalogueRoutes } from './catalogue/catalogueRoutes.js';\n",
      /use a feature through its index\.ts/,
    );
    await assertQuiet('server/src/app.ts', "import { catalogueRoutes } from './catalogue/index.js';\n");
  });

  test('nothing imports the assembly (app.ts, server.ts, outboxMail.ts)', async () => {
    await assertFires(
      'server/src/staff/lint-probe.ts',
      "import { buildApp } from '../app.js';\n",
      /Nothing imports app\.ts/,
    );
    await assertFires(
      'server/src/platform/mail/lint-probe.ts',
      "import { siteMailComposers } from '../../outboxMail.js';\n",
      /Nothing imports app\.ts/,
    );
  });
});

describe('inside the staff app: api/ and ui/ below, the features above, app/ putting them together', () => {
  test('a feature takes from app/ its store only', async () => {
    await assertFires(
      'mfe-staff/src/inbox/lint-probe.ts',
      "import { StaffLayout } from '../app/StaffLayout';\n",
      /A staff feature takes from app\/ its store only/,
    );
    await assertFires(
      'mfe-staff/src/catalogue/edit/lint-probe.ts',
      "import { NotFoundPage } from '../../app/NotFoundPage';\n",
      /A staff feature takes from app\/ its store only/,
    );
    await assertQuiet('mfe-staff/src/inbox/lint-probe.ts', "import { useStaffSelector } from '../app/store';\n");
  });

  test('a feature uses another through its index.ts, never its files', async () => {
    await assertFires(
      'mfe-staff/src/item/lint-probe.ts',
      "import { SentQuotations } from '../orders/SentQuotations';\n",
      /A staff feature uses another only through that feature's index\.ts/,
    );
    await assertFires(
      'mfe-staff/src/catalogue/list/lint-probe.ts',
      "import { selectIsAdmin } from '../../session/sessionSlice';\n",
      /A staff feature uses another only through that feature's index\.ts/,
    );
    await assertQuiet(
      'mfe-staff/src/item/lint-probe.ts',
      "import { SentQuotations } from '../orders';\nimport { selectIsAdmin } from '../session/index';\n",
    );
  });

  test("a feature's own files import each other freely, and api/ and ui/", () =>
    assertQuiet(
      'mfe-staff/src/catalogue/edit/lint-probe.ts',
      "import { editPath } from '../catalogueCalls';\nimport { staffApi } from '../../api/staffApi';\nimport { Notice } from '../../ui/Notice';\n",
    ));

  test('api/ and ui/ import no feature and nothing of app/', async () => {
    await assertFires(
      'mfe-staff/src/ui/lint-probe.ts',
      "import { selectIsAdmin } from '../session';\n",
      /api\/ and ui\/ import no feature/,
    );
    await assertFires(
      'mfe-staff/src/api/lint-probe.ts',
      "import type { StaffState } from '../app/store';\n",
      /api\/ and ui\/ import no feature/,
    );
  });

  test('the staff tests are outside these walls', () =>
    assertQuiet(
      'mfe-staff/src/item/lint-probe.test.tsx',
      "import { SentQuotations } from '../orders/SentQuotations';\nimport StaffApp from '../app/StaffApp';\n",
    ));
});

describe('imports of the shared facades (tools/webpack/shared)', () => {
  test('a name the facade exports is fine, type-only imports of any name too', () =>
    assertQuiet(
      'mfe-catalogue/src/lint-probe.tsx',
      "import { Link, useNavigate } from 'react-router-dom';\nimport type { RouteObject } from 'react-router';\nimport styled, { css } from 'styled-components';\n",
    ));

  test('a name the facade lacks fails', () =>
    assertFires(
      'mfe-catalogue/src/lint-probe.tsx',
      "import { Link, createBrowserRouter } from 'react-router-dom';\n",
      /createBrowserRouter.*shared facade \(tools\/webpack\/shared\/react-router-dom\.mjs\)/,
    ));

  test('shared-ui is bundled too', () =>
    assertFires(
      'shared-ui/src/lint-probe.tsx',
      "import { ServerStyleSheet } from 'styled-components';\n",
      /ServerStyleSheet.*styled-components\.mjs/,
    ));

  test("'react-router' itself fails", () =>
    assertFires(
      'shell/src/lint-probe.tsx',
      "import { Link } from 'react-router';\n",
      /Import from 'react-router-dom'/,
    ));

  test('a subpath of a facaded package fails', () =>
    assertFires(
      'shared-store/src/lint-probe.ts',
      "import { createApi } from '@reduxjs/toolkit/query';\n",
      /Import the package itself/,
    ));

  test('server-render code and tests use the real packages', async () => {
    await assertQuiet('shell/src/server-render/lint-probe.tsx', "import { StaticRouter } from 'react-router';\n");
    await assertQuiet('mfe-chat/src/lint-probe.test.tsx', "import { createMemoryRouter } from 'react-router-dom';\n");
  });
});

describe('import circles', () => {
  // schema.ts imports the constants' values; the probe stands in for dataConstants.ts and imports schema.ts back.
  test('a module that imports, by value, what imports it fails', () =>
    assertFires(
      'content/src/dataConstants.ts',
      "import { productSchema } from './schema';\nexport const probe = productSchema;\n",
      /Dependency cycle detected/,
      CIRCLE_RULES,
    ));

  test('a type-only import back is fine (it never runs)', () =>
    assertQuiet(
      'content/src/dataConstants.ts',
      "import type { productSchema } from './schema';\nexport type Probe = typeof productSchema;\n",
      CIRCLE_RULES,
    ));

  test('tests are outside the rule', () =>
    assertQuiet(
      'content/src/dataConstants.test.ts',
      "import { productSchema } from './schema';\nimport './dataConstants';\nexport const probe = productSchema;\n",
      CIRCLE_RULES,
    ));
});
