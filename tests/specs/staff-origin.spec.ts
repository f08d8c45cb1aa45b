// The attack that moved the staff app to an origin of its own: a public remote's script (a catalogue build, which a
// catalogue-scoped pipeline token may register and canary) runs on a public page in the browser of an admin who is
// signed in to the staff app. It tried to read the CSRF token from the staff session, make a release token and promote
// a build. Here the same script runs on a real public page (page.evaluate runs with exactly the page's rights) in a
// real Chromium whose cookie jar holds the admin's session, and nothing of the staff API is within its reach.
import { CSRF_HEADER, STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import { test, expect, localOnly } from '../support/fixtures';
import { ADMIN, firstAdminSignIn, startStaffSite, type StaffSite } from '../support/staff';

localOnly('starts its own server with an admin account it creates');

let staff: StaffSite;
test.beforeAll(async () => {
  test.setTimeout(120_000); // the CLI and the server's start on a loaded 2-core machine
  staff = await startStaffSite([ADMIN]);
});
test.afterAll(async () => {
  await staff?.stop();
});

/** What the attacking script reports of each of its attempts. */
interface Attempt {
  name: string;
  outcome: string;
}

test("a public page's script cannot act for the signed-in admin: no session to read, no token to make, no build to promote", {
  tag: ['@local', '@staff'],
}, async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: staff.staffUrl });
  try {
    // the admin signs in on the staff origin, in this browser: the session cookie is in its jar
    const session = await firstAdminSignIn(context.request);
    const cookies = await context.cookies(staff.staffUrl);
    expect(cookies.map((cookie) => cookie.name)).toContain('staff_session');

    // then reads a public page, where every team's remote runs
    const page = await context.newPage();
    await page.goto(`${staff.url}/home`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

    const attempts = await page.evaluate(
      async ({ staffUrl, paths, csrfHeader }): Promise<Attempt[]> => {
        const outcome = async (name: string, request: () => Promise<Response>): Promise<Attempt> => {
          try {
            const response = await request();
            return {
              name,
              outcome:
                response.type === 'opaque' ? 'opaque' : `${response.status} ${(await response.text()).slice(0, 200)}`,
            };
          } catch (error) {
            return { name, outcome: `blocked: ${(error as Error).name}` };
          }
        };
        const frameReadable = await new Promise<string>((resolve) => {
          const frame = document.createElement('iframe');
          frame.src = `${staffUrl}/staff/releases`;
          frame.onload = () => {
            try {
              // another origin's (or a refused frame's) document is null to the page
              const framed = frame.contentDocument;
              resolve(framed === null ? 'blocked: no document' : `read: ${framed.body.innerText}`);
            } catch (error) {
              resolve(`blocked: ${(error as Error).name}`);
            }
          };
          document.body.append(frame);
          setTimeout(() => resolve('no load'), 5_000);
        });
        return [
          // its own origin: the staff API is not there at all
          await outcome('session here', () => fetch(paths.session, { credentials: 'include' })),
          await outcome('token here', () =>
            fetch(paths.tokens, {
              method: 'POST',
              credentials: 'include',
              headers: { 'content-type': 'application/json' },
              body: '{}',
            }),
          ),
          // the staff origin: its answers are not the script's to read, and a change needs the token it cannot read
          await outcome('session there', () => fetch(`${staffUrl}${paths.session}`, { credentials: 'include' })),
          await outcome('token there, asked', () =>
            fetch(`${staffUrl}${paths.tokens}`, {
              method: 'POST',
              credentials: 'include',
              headers: { 'content-type': 'application/json', [csrfHeader]: 'guessed' },
              body: JSON.stringify({
                name: 'from a public page',
                scope: 'release',
                remotes: ['catalogue', 'chat', 'staff'],
                expiresInDays: 30,
              }),
            }),
          ),
          await outcome('token there, sent blind', () =>
            fetch(`${staffUrl}${paths.tokens}`, {
              method: 'POST',
              mode: 'no-cors',
              credentials: 'include',
              headers: { 'content-type': 'text/plain' },
              body: JSON.stringify({
                name: 'from a public page',
                scope: 'release',
                remotes: ['catalogue'],
                expiresInDays: 30,
              }),
            }),
          ),
          await outcome('promote there, sent blind', () =>
            fetch(`${staffUrl}${paths.promote}`, { method: 'POST', mode: 'no-cors', credentials: 'include' }),
          ),
          { name: 'staff page framed', outcome: frameReadable },
        ];
      },
      {
        staffUrl: staff.staffUrl,
        paths: {
          session: STAFF_API.session,
          tokens: STAFF_API.releaseTokens,
          promote: staffApiPath(STAFF_API.releasePromote, { remote: 'catalogue' }),
        },
        csrfHeader: CSRF_HEADER,
      },
    );
    const byName = Object.fromEntries(attempts.map(({ name, outcome }) => [name, outcome]));
    expect(byName['session here']).toMatch(/^404 /);
    expect(byName['session here']).not.toContain(session.csrfToken);
    expect(byName['token here']).toMatch(/^404 /);
    expect(byName['session there']).toBe('blocked: TypeError');
    expect(byName['token there, asked']).toBe('blocked: TypeError');
    // sent blind (no-cors), if the page's CSP lets it go at all: the server refuses it (a cross-site change,
    // platform/http/staffSurface.test.ts), and the script learns nothing either way
    expect(byName['token there, sent blind']).toMatch(/^(opaque|blocked: TypeError)$/);
    expect(byName['promote there, sent blind']).toMatch(/^(opaque|blocked: TypeError)$/);
    expect(byName['staff page framed']).not.toMatch(/^read/);

    // what reached the server changed nothing: no token made, the admin still signed in
    const tokens = await context.request.get(STAFF_API.releaseTokens);
    expect(tokens.status()).toBe(200);
    expect(JSON.stringify(await tokens.json())).not.toContain('from a public page');
    const still = await context.request.get(STAFF_API.session);
    expect(((await still.json()) as { session: { csrfToken: string } | null }).session?.csrfToken).toBe(
      session.csrfToken,
    );

    // the staff app itself lives on its own origin: the public address of its pages sends the admin there
    await page.goto(`${staff.url}/staff/releases`);
    await expect(page).toHaveURL(`${staff.staffUrl}/staff/releases`);
    // and a public page is not drawn on the staff origin (it is sent to the public one), so no remote runs there but
    // those the staff pages load
    const publicPage = await context.request.get(`${staff.staffUrl}/home`, { maxRedirects: 0 });
    expect(publicPage.status()).toBe(302);
    expect(publicPage.headers().location).toBe(`${staff.url}/home`);
  } finally {
    await context.close();
  }
});
