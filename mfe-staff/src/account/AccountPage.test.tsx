import { fireEvent, screen, within } from '@testing-library/react';
import { requestsSentWithBodies, server } from '@test/msw';
import { STAFF_API } from '@site/contracts/staff-api';
import {
  ADMIN,
  DUBAI_STAFF,
  fakeStaffServer,
  RECOVERY_CODES,
  sessionOf,
  staffHandlers,
  TOTP_CODE,
  type FakeStaffServer,
} from '../testing/handlers';
import { currentAddress, renderStaffApp } from '../testing/renderStaff';

let fake: FakeStaffServer;
beforeEach(() => {
  fake = fakeStaffServer();
  server.use(...staffHandlers(fake));
});

describe('the account page', () => {
  it('is opened from who is signed in, in the top bar', async () => {
    fake.session = sessionOf(DUBAI_STAFF);
    renderStaffApp('/inbox');
    fireEvent.click(await screen.findByRole('link', { name: 'dubai@crescent.example (Branch staff, Dubai)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/account');
  });

  it('lets branch staff set up two-step sign-in: QR code, a code, then the recovery codes once; then it is on', async () => {
    fake.session = sessionOf(DUBAI_STAFF);
    renderStaffApp('/account');
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(section).toHaveTextContent('Your account signs in with its password alone.');
    fireEvent.click(within(section).getByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await within(section).findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(section).toHaveTextContent('A second step keeps your account safe');
    fireEvent.change(within(section).getByLabelText(/6-digit code from the app/), { target: { value: TOTP_CODE } });
    fireEvent.click(within(section).getByRole('button', { name: 'Turn on two-step sign-in' }));
    const codes = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    fireEvent.click(within(section).getByRole('button', { name: 'I have saved my codes: continue' }));
    expect(await within(section).findByText(/Two-step sign-in is on/)).toBeInTheDocument();
    expect(currentAddress()).toBe('/account');
    const posts = (await requestsSentWithBodies()).map(({ request }) => request);
    expect(posts).toEqual(expect.arrayContaining([`POST ${STAFF_API.totpSetup}`, `POST ${STAFF_API.totpConfirm}`]));
  });

  it('"Not now" closes the set-up and leaves the account as it was', async () => {
    fake.session = sessionOf(DUBAI_STAFF);
    renderStaffApp('/account');
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(await screen.findByRole('button', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(fake.session.state).toBe('active');
  });

  it('says two-step sign-in is on for an administrator, with nothing to set up', async () => {
    fake.session = sessionOf(ADMIN);
    renderStaffApp('/account');
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(section).toHaveTextContent('Two-step sign-in is on');
    expect(within(section).queryByRole('button')).toBeNull();
  });
});
