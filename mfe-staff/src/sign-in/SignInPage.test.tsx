import { fireEvent, screen, waitFor } from '@testing-library/react';
import { requestsSentWithBodies, server } from '@test/msw';
import { STAFF_API } from '@site/contracts/staff-api';
import {
  ADMIN,
  DUBAI_STAFF,
  fakeStaffServer,
  PASSWORD,
  QR_SVG,
  RECOVERY_CODE,
  RECOVERY_CODES,
  staffHandlers,
  TOTP_CODE,
  TOTP_SECRET,
  type FakeStaffServer,
} from '../testing/handlers';
import { CATALOGUE_EDITOR } from '../testing/catalogueHandlers';
import { RELEASE_STAFF } from '../testing/releaseHandlers';
import { currentAddress, renderStaffApp } from '../testing/renderStaff';

let fake: FakeStaffServer;
beforeEach(() => {
  fake = fakeStaffServer({ session: null });
  server.use(...staffHandlers(fake));
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

async function signInAs(email: string, password = PASSWORD) {
  await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
  type('E-mail', email);
  type('Password', password);
  click('Sign in');
}

describe('the sign-in page', () => {
  it('asks for e-mail and password with labelled fields; a wrong password says so and stays', async () => {
    renderStaffApp('/sign-in');
    await signInAs(DUBAI_STAFF.email, 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password.');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password', { exact: false })).toHaveAttribute('type', 'password');
    expect(currentAddress()).toBe('/sign-in');
    expect(document.title).toBe('Staff sign-in · Staff · Crescent Electrical Trading');
  });

  it('signs branch staff straight in, to the page they were sent from', async () => {
    renderStaffApp('/inbox/contact/7');
    // Not signed in: sent to the sign-in page, keeping where to return.
    await waitFor(() => expect(currentAddress()).toBe('/sign-in?next=%2Finbox%2Fcontact%2F7'));
    await signInAs(DUBAI_STAFF.email);
    await waitFor(() => expect(currentAddress()).toBe('/inbox/contact/7'));
    expect(await screen.findByRole('heading', { level: 1, name: /^Contact message from/ })).toBeInTheDocument();
    expect(
      (await requestsSentWithBodies()).find(({ request }) => request === `POST ${STAFF_API.signIn}`)?.body,
    ).toEqual({ email: DUBAI_STAFF.email, password: PASSWORD });
  });

  it('asks an admin for the second factor: a wrong code says so, the 6-digit code signs in', async () => {
    renderStaffApp('/sign-in?next=%2Freviews');
    await signInAs(ADMIN.email);
    await screen.findByRole('heading', { level: 1, name: 'Two-step sign-in' });
    const code = screen.getByRole('textbox', { name: '6-digit code' });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    type('6-digit code', '12345');
    click('Verify');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code your authenticator app shows.');
    type('6-digit code', '654 321');
    click('Verify');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That code is not right.'));
    type('6-digit code', '123 456');
    click('Verify');
    await waitFor(() => expect(currentAddress()).toBe('/reviews'));
    const sent = await requestsSentWithBodies();
    expect(sent.filter(({ request }) => request === `POST ${STAFF_API.secondFactor}`).map(({ body }) => body)).toEqual([
      { code: '654321' },
      { code: TOTP_CODE },
    ]);
  });

  it('takes a recovery code instead', async () => {
    renderStaffApp('/sign-in');
    await signInAs(ADMIN.email);
    await screen.findByRole('heading', { level: 1, name: 'Two-step sign-in' });
    click('Use a recovery code instead');
    type('Recovery code', ` ${RECOVERY_CODE} `);
    click('Verify');
    await waitFor(() => expect(currentAddress()).toBe('/inbox'));
  });

  it('"Start again" goes back to the first step', async () => {
    renderStaffApp('/sign-in');
    await signInAs(ADMIN.email);
    await screen.findByRole('heading', { level: 1, name: 'Two-step sign-in' });
    click('Start again');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
  });

  it('sets up TOTP for an admin without it: the QR code as an image (never markup), the key as text, then the recovery codes once', async () => {
    fake.accounts = [{ account: ADMIN, next: 'totp-setup' }];
    renderStaffApp('/sign-in?next=%2Fsettings');
    await signInAs(ADMIN.email);
    await screen.findByRole('heading', { level: 1, name: 'Set up two-step sign-in' });

    const qr = await screen.findByRole('img', { name: 'QR code that adds your staff account to an authenticator app' });
    expect(qr.tagName).toBe('IMG');
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR_SVG)}`);
    // The SVG's markup never became part of the page.
    expect(document.querySelector('svg path[d="M0 0h2v2H0z"], script')).toBeNull();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    type('6-digit code from the app', '000000');
    click('Turn on two-step sign-in');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That code is not right.'));
    type('6-digit code from the app', TOTP_CODE);
    click('Turn on two-step sign-in');

    await screen.findByRole('heading', { level: 1, name: 'Save your recovery codes' });
    const codes = screen.getByRole('list', { name: 'Recovery codes' });
    expect([...codes.querySelectorAll('li')].map((item) => item.textContent)).toEqual(RECOVERY_CODES);
    // The session is active now, yet the page waits for the person to have saved the codes.
    expect(currentAddress()).toBe('/sign-in?next=%2Fsettings');
    expect(screen.getByRole('button', { name: 'Copy the codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print the codes' })).toBeInTheDocument();
    click('I have saved my codes: continue');
    await waitFor(() => expect(currentAddress()).toBe('/settings'));
    expect(screen.queryByText(RECOVERY_CODES[0]!)).toBeNull();

    // The set-up and its confirmation carried the session's CSRF token (the fake refuses them otherwise).
    const sent = (await requestsSentWithBodies()).map(({ request }) => request);
    expect(sent).toContain(`POST ${STAFF_API.totpSetup}`);
    expect(sent.filter((request) => request === `POST ${STAFF_API.totpSetup}`)).toHaveLength(1);
  });

  it.each([
    [
      'catalogue editor',
      CATALOGUE_EDITOR,
      'Catalogue editors change what the public sees, so they sign in with a second step.',
    ],
    ['release staff', RELEASE_STAFF, 'Release staff change what the public sees, so they sign in with a second step.'],
  ])('sets up TOTP for a %s without it, as for an admin, saying why their role must', async (_who, account, why) => {
    fake.accounts = [{ account, next: 'totp-setup' }];
    renderStaffApp('/sign-in');
    await signInAs(account.email);
    await screen.findByRole('heading', { level: 1, name: 'Set up two-step sign-in' });
    expect(await screen.findByText(why, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('Administrators sign in with a second step.', { exact: false })).toBeNull();
    type('6-digit code from the app', TOTP_CODE);
    click('Turn on two-step sign-in');
    await screen.findByRole('heading', { level: 1, name: 'Save your recovery codes' });
    expect(currentAddress()).toBe('/sign-in');
  });

  it('copies the key and the codes to the clipboard', async () => {
    const writeText = jest.fn<Promise<void>, [string]>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fake.accounts = [{ account: ADMIN, next: 'totp-setup' }];
    renderStaffApp('/sign-in');
    await signInAs(ADMIN.email);
    await screen.findByRole('button', { name: 'Copy the key' });
    click('Copy the key');
    expect(await screen.findByText('The key is copied.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(TOTP_SECRET);
    type('6-digit code from the app', TOTP_CODE);
    click('Turn on two-step sign-in');
    await screen.findByRole('button', { name: 'Copy the codes' });
    click('Copy the codes');
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(RECOVERY_CODES.join('\n')));
  });

  it('goes on at once when the session is active already', async () => {
    fake.session = { account: DUBAI_STAFF, csrfToken: 't', state: 'active', secondFactor: false };
    renderStaffApp('/sign-in?next=%2Freviews');
    await waitFor(() => expect(currentAddress()).toBe('/reviews'));
  });
});
