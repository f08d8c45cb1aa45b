// The staff app's specs (specs/staff-*.spec.ts): a site of their own whose staff accounts were made with the
// staff CLI before it started (the embedded database takes one process at a time), the sign-in steps as a person goes
// through them (a TOTP code computed from the key the set-up page shows), and what the pages show, read as text.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  CSRF_HEADER,
  mustUseSecondFactor,
  STAFF_API,
  type SessionAnswer,
  type SignInResult,
  type StaffSession,
  type TotpSetup,
  staffApiPath,
} from '@site/contracts/staff-api';
import { QUOTATIONS_API } from '@site/contracts/quotations-api';
import { expect } from './fixtures';
import { REPO_ROOT, startSite, type RunningSite } from './site-server';

// ---------------------------------------------------------------------------------------------------------------
// Accounts and the site

/** The CLI's branch names (`--branch`). */
export type CliBranch = 'Dubai' | 'Oman' | 'Bahrain' | 'Saudi';

export interface StaffAccount {
  email: string;
  password: string;
  role: 'admin' | 'branch' | 'catalogue' | 'release';
  branch?: CliBranch;
  /** The release role's remotes (`--remotes`). */
  remotes?: string[];
}

/** Passwords the policy takes (12+ characters, not a common one, not the e-mail). */
export const ADMIN: StaffAccount = {
  email: 'fatima.admin@example.com',
  password: 'Lantern-Quarry-Mosaic-83',
  role: 'admin',
};
export const OMAN_STAFF: StaffAccount = {
  email: 'omar.muscat@example.com',
  password: 'Harbour-Cedar-Falcon-27',
  role: 'branch',
  branch: 'Oman',
};
export const DUBAI_STAFF: StaffAccount = {
  email: 'dana.dubai@example.com',
  password: 'Copper-Dune-Orchid-64',
  role: 'branch',
  branch: 'Dubai',
};
export const CATALOGUE_STAFF: StaffAccount = {
  email: 'layla.catalogue@example.com',
  password: 'Saffron-Lattice-Beacon-51',
  role: 'catalogue',
};
export const CATALOGUE_RELEASER: StaffAccount = {
  email: 'karim.release@example.com',
  password: 'Meridian-Copper-Kestrel-46',
  role: 'release',
  remotes: ['catalogue'],
};

/**
 * Adds `account` with the staff CLI (`npm run staff -- add …`, server/scripts/staff.ts) on the embedded database of
 * `dataDir`, the password piped to it as an operator would. No server may hold that database meanwhile. With
 * `databaseUrl` it works on that PostgreSQL instead (running servers may share it).
 */
export async function addStaffAccount(dataDir: string, account: StaffAccount, databaseUrl = ''): Promise<void> {
  const args = ['add', account.email, '--role', account.role];
  if (account.branch !== undefined) args.push('--branch', account.branch);
  if (account.remotes !== undefined) args.push('--remotes', account.remotes.join(','));
  await runStaffCli(dataDir, args, `${account.password}\n`, databaseUrl);
}

/** The seller details of the test branches, as an admin sets them: a quotation is not sent without its branch's. */
export const BRANCH_DETAILS: Readonly<Record<string, { legalName: string; taxNumber: string; cr: string }>> = {
  Dubai: { legalName: 'Crescent Electrical Trading L.L.C.', taxNumber: '100234567800003', cr: '765432' },
  Oman: { legalName: 'Crescent Electrical Trading L.L.C. (Oman)', taxNumber: 'OM1100023456', cr: '1234567' },
  Bahrain: { legalName: 'Crescent Electrical Trading W.L.L.', taxNumber: '200012345600002', cr: '12345-1' },
  Saudi: { legalName: 'Crescent Associated Trading Co.', taxNumber: '300012345600003', cr: '2050012345' },
};

/** Sets `branch`'s seller details in the data folder's database (npm run staff -- branch-details). */
export async function setBranchDetails(dataDir: string, branch: string, databaseUrl = ''): Promise<void> {
  const details = BRANCH_DETAILS[branch === 'Saudi Arabia' ? 'Saudi' : branch];
  if (details === undefined) throw new Error(`no test details for the branch ${branch}`);
  await runStaffCli(
    dataDir,
    [
      'branch-details',
      branch === 'Saudi Arabia' ? 'Saudi' : branch,
      '--legal-name',
      details.legalName,
      '--tax-number',
      details.taxNumber,
      '--commercial-registration',
      details.cr,
    ],
    '',
    databaseUrl,
  );
}

async function runStaffCli(dataDir: string, command: string[], stdin: string, databaseUrl: string): Promise<void> {
  const args = [
    path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
    path.join('server', 'scripts', 'staff.ts'),
    ...command,
  ];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    // DATABASE_URL emptied unless given: the CLI must use the embedded database of this folder, whatever the caller's
    // environment
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(stdin);
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  }).finally(() => clearTimeout(timer));
  if (code !== 0) throw new Error(`npm run staff -- ${command.slice(0, 2).join(' ')} failed (${code}):\n${output}`);
}

export interface StaffSite {
  site: RunningSite;
  /** The public site's origin. */
  url: string;
  /** The staff app's origin: its pages and API answer there only (the public origin redirects /staff/*). */
  staffUrl: string;
  /** Stops the server and removes its data folder; idempotent. */
  stop(): Promise<void>;
}

/** The built server on a fresh embedded database holding `accounts` (made with the CLI first), plus `env`. */
export async function startStaffSite(accounts: StaffAccount[], env: Record<string, string> = {}): Promise<StaffSite> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-e2e-staff-'));
  let site: RunningSite;
  try {
    // one at a time: each CLI run opens the database alone
    for (const account of accounts) await addStaffAccount(dataDir, account);
    // the seller details of the staff's branches: their quotations are sent (an admin sets them on the Rates page)
    for (const branch of new Set(accounts.flatMap((account) => (account.branch === undefined ? [] : [account.branch]))))
      await setBranchDetails(dataDir, branch);
    // every browser test comes from 127.0.0.1 (the limiter is the server tests')
    site = await startSite({ SUBMIT_RATE_LIMIT_MAX: '10000', ...env }, { dataDir });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    site,
    url: site.url,
    staffUrl: site.staffUrl,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await site.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The staff origin of the server the global setup started (the suite's shared server; SITE_URL is its public origin). */
export function sharedStaffUrl(): string {
  const url = process.env.SITE_STAFF_URL;
  if (!url)
    throw new Error(
      'SITE_STAFF_URL is not set: run the suite through playwright.config.ts (its global setup starts the site).',
    );
  return url;
}

/**
 * A visitor's submission posted to the public API of the site at `siteUrl` (as the public forms post it), accepted:
 * its answer ({ok, id} for the forms, {ok, reference} for a quote request).
 */
export async function submit(
  request: APIRequestContext,
  siteUrl: string,
  apiPath: string,
  body: Record<string, unknown>,
): Promise<{ id?: number; reference?: string }> {
  const response = await request.post(`${siteUrl}${apiPath}`, { data: body });
  expect(response.status(), `${apiPath}: ${await response.text()}`).toBe(200);
  return (await response.json()) as { id?: number; reference?: string };
}

// ---------------------------------------------------------------------------------------------------------------
// Signing in

/** A page's one h1 (the staff pages name their tab after it). */
export const heading = (page: Page, name: string | RegExp): Locator =>
  page.getByRole('heading', { level: 1, name, exact: typeof name === 'string' });

/** The code an authenticator app shows now for the base32 `secret` (SHA-1, 6 digits, 30 s: what the server set up). */
export function totpCode(secret: string): string {
  return new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret.replace(/\s/g, '')),
  }).generate();
}

/** On the sign-in page: e-mail and password typed, "Sign in" pressed. */
export async function submitPassword(page: Page, account: Pick<StaffAccount, 'email' | 'password'>): Promise<void> {
  await expect(heading(page, 'Staff sign-in')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(account.email);
  // a password field has no role; its label ends with the aria-hidden ' *' of a required field
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * An admin's first sign-in, after the password: the set-up page's QR code and key, the code an app would show for
 * that key, and the recovery codes page. Returns the key and the codes; the page is left on the recovery codes.
 */
export async function setUpTotp(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  await expect(heading(page, 'Set up two-step sign-in')).toBeVisible();
  const qr = page.getByRole('img', {
    name: 'QR code that adds your staff account to an authenticator app',
    exact: true,
  });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  // the key as shown for typing ('ABCD EFGH …'): what a person would type into the app
  const shownKey = (await page.getByRole('main').locator('code').textContent()) ?? '';
  expect(shownKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const secret = shownKey.replace(/\s/g, '');
  await page.getByRole('textbox', { name: '6-digit code from the app', exact: true }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in', exact: true }).click();

  await expect(heading(page, 'Save your recovery codes')).toBeVisible();
  const codes = page.getByRole('list', { name: 'Recovery codes', exact: true }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  expect(new Set(recoveryCodes).size).toBe(10);
  return { secret, recoveryCodes };
}

/** On the recovery codes page: the person says they saved them, and the app goes on. */
export async function confirmCodesSaved(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'I have saved my codes: continue', exact: true }).click();
}

/** The signed-in session on the staff app at `staffUrl` of the context `request` belongs to (its CSRF token among others). */
export async function staffSession(request: APIRequestContext, staffUrl: string): Promise<StaffSession> {
  const response = await request.get(`${staffUrl}${STAFF_API.session}`);
  expect(response.status(), await response.text()).toBe(200);
  const { session } = (await response.json()) as SessionAnswer;
  if (session === null)
    throw new Error(`not signed in on ${staffUrl} (GET ${STAFF_API.session} answered {session: null})`);
  return session;
}

// ---------------------------------------------------------------------------------------------------------------
// The console

export interface StaffConsole {
  /** console.error messages and uncaught exceptions, each with where it came from, but the expected refusals below. */
  problems: string[];
  /** The refusals among `expected` that Chromium logged, as 'status path', in order. */
  expectedRefusals: string[];
}

const LOAD_FAILURE = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

/**
 * What the fixtures' consoleProblems collects, with the refusals a test provokes on purpose told apart. Chromium logs
 * every 4xx answer to a fetch as a console error ("Failed to load resource: … 403"); a page a person sees logs none
 * (signed out too: GET STAFF_API.session answers 200 {session: null}), so only the answers named exactly in
 * `expected`, as 'status path' ('403 /api/staff/inbox/contact/12', a wrong password's '401 /api/staff/sign-in'), are
 * not problems. A test asserts expectedRefusals as well, so each one it names did happen.
 */
export function watchStaffConsole(page: Page, expected: readonly string[] = []): StaffConsole {
  const watched: StaffConsole = { problems: [], expectedRefusals: [] };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const source = message.location().url;
    const status = LOAD_FAILURE.exec(message.text())?.[1];
    const refusal = status === undefined || source === '' ? undefined : `${status} ${new URL(source).pathname}`;
    if (refusal !== undefined && expected.includes(refusal)) watched.expectedRefusals.push(refusal);
    else watched.problems.push(`${message.text()} (${source})`);
  });
  page.on('pageerror', (error) => watched.problems.push(`Uncaught: ${error.message}`));
  return watched;
}

// ---------------------------------------------------------------------------------------------------------------
// What the pages show

/** The inbox's table (its caption names it). */
export const inboxTable = (page: Page): Locator =>
  page.getByRole('table', { name: 'Messages, registrations, enquiries and quote requests, newest first', exact: true });

export interface InboxRow {
  kind: string;
  from: string;
  company: string;
  branch: string;
  status: string;
  message: string;
}

/** The inbox's rows as shown, top to bottom (the "From" cell's link text: the name). */
export async function inboxRows(page: Page): Promise<InboxRow[]> {
  return inboxTable(page)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
        return {
          kind: cells[1] ?? '',
          from: row.querySelector('td:nth-child(3) a')?.textContent ?? '',
          company: cells[3] ?? '',
          branch: cells[4] ?? '',
          status: cells[5] ?? '',
          message: cells[7] ?? '',
        };
      }),
    );
}

/** The inbox's status line once the list for the address is shown ("Showing all 4 items"). */
export const inboxCount = (page: Page): Locator =>
  page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /^(Showing|No items)/ });

/** An item page's "What was sent": label and value pairs as shown, in order. */
export async function sentFields(page: Page): Promise<[string, string][]> {
  return page
    .getByRole('region', { name: 'What was sent', exact: true })
    .locator('dl')
    .evaluate((list) => {
      const pairs: [string, string][] = [];
      for (const term of list.querySelectorAll('dt'))
        pairs.push([term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
      return pairs;
    });
}

/** The item page's mails table, its rows as the cells' texts (Mail, To, State, Tries, Sent, Last error). */
export const mailsTable = (page: Page): Locator =>
  page.getByRole('table', { name: 'Mails and their delivery', exact: true });

export async function mailRows(
  page: Page,
): Promise<{ kind: string; to: string; state: string; tries: string; sent: string; lastError: string }[]> {
  return mailsTable(page)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const [kind, to, state, tries, sent, lastError] = [...row.querySelectorAll('td')].map(
          (cell) => cell.textContent ?? '',
        );
        return {
          kind: kind ?? '',
          to: to ?? '',
          state: state ?? '',
          tries: tries ?? '',
          sent: sent ?? '',
          lastError: lastError ?? '',
        };
      }),
    );
}

export interface TotpSignIn {
  session: StaffSession;
  /** The base32 key the set-up gave: totpCode(secret) is the account's next code (one per 30 s step). */
  secret: string;
}

/**
 * `account`'s first sign-in through the staff API, on a request context of the caller's (its baseURL the staff origin;
 * its headers a balancer's, for instance): the password, which for a role that must have a second factor (admin,
 * catalogue, release: SECOND_FACTOR_ROLES) leads only to the TOTP set-up, then the set-up and its first code. Returns
 * the active session (its CSRF token) and the key, for a later sign-in. In a browser: submitPassword, setUpTotp and
 * confirmCodesSaved.
 */
export async function firstSignInWithTotp(
  staff: APIRequestContext,
  account: Pick<StaffAccount, 'email' | 'password' | 'role'>,
): Promise<TotpSignIn> {
  expect(
    mustUseSecondFactor(account),
    `${account.role} accounts sign in without a second factor: use the password alone`,
  ).toBe(true);
  const signedIn = await staff.post(STAFF_API.signIn, { data: { email: account.email, password: account.password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const waiting = (await signedIn.json()) as SignInResult;
  expect(waiting.state, 'the password alone only reaches the set-up').toBe('totp-setup');
  const setup = await staff.post(STAFF_API.totpSetup, { headers: { [CSRF_HEADER]: waiting.csrfToken } });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as TotpSetup;
  const confirmed = await staff.post(STAFF_API.totpConfirm, {
    headers: { [CSRF_HEADER]: waiting.csrfToken },
    data: { code: totpCode(secret) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { session: ((await confirmed.json()) as { session: StaffSession }).session, secret };
}

/** The admin's first sign-in through the API (firstSignInWithTotp of ADMIN): the session, with its CSRF token. */
export async function firstAdminSignIn(staff: APIRequestContext): Promise<StaffSession> {
  return (await firstSignInWithTotp(staff, ADMIN)).session;
}

/** The rate from dirhams to `currency` (e.g. '0.10477' for OMR), set by a signed-in admin through the staff API. */
export async function setCurrencyRate(
  staff: APIRequestContext,
  session: StaffSession,
  currency: string,
  rate: string,
): Promise<void> {
  const answer = await staff.put(staffApiPath(QUOTATIONS_API.currencyRate, { currency }), {
    headers: { [CSRF_HEADER]: session.csrfToken },
    data: { rate },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** An admin's stock token for the ERP's feeds, made through the staff API at `staffUrl` (the admin's first sign-in). */
export async function makeStockToken(staffUrl: string): Promise<string> {
  const staff = await playwrightRequest.newContext({ baseURL: staffUrl });
  try {
    const session = await firstAdminSignIn(staff);
    const made = await staff.post(STAFF_API.releaseTokens, {
      headers: { [CSRF_HEADER]: session.csrfToken },
      data: { name: 'ERP', scope: 'stock', expiresInDays: 1 },
    });
    expect(made.status(), await made.text()).toBe(201);
    return ((await made.json()) as { token: string }).token;
  } finally {
    await staff.dispose();
  }
}
