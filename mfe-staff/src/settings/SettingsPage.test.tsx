import { fireEvent, screen, waitFor } from '@testing-library/react';
import { requestsSentWithBodies, server } from '@test/msw';
import { STAFF_API } from '@site/contracts/staff-api';
import { DUBAI_STAFF, fakeStaffServer, sessionOf, staffHandlers, type FakeStaffServer } from '../testing/handlers';
import { renderStaffApp } from '../testing/renderStaff';

let fake: FakeStaffServer;
beforeEach(() => {
  fake = fakeStaffServer();
  server.use(...staffHandlers(fake));
});

describe('the settings page', () => {
  it('turns "Hold new reviews until approved" on and off (PUT with the CSRF token the fake requires)', async () => {
    renderStaffApp('/settings');
    const toggle = await screen.findByRole('switch', { name: 'Hold new reviews until approved' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/approves it/);
    fireEvent.click(toggle);
    expect(await screen.findByText('New reviews now wait for approval.')).toBeInTheDocument();
    expect(screen.getByRole('switch')).toBeChecked();
    expect(fake.settings).toEqual({ holdNewReviews: true });
    fireEvent.click(screen.getByRole('switch'));
    expect(await screen.findByText('New reviews are shown at once.')).toBeInTheDocument();
    const puts = (await requestsSentWithBodies()).filter(({ request }) => request === `PUT ${STAFF_API.settings}`);
    expect(puts.map(({ body }) => body)).toEqual([{ holdNewReviews: true }, { holdNewReviews: false }]);
  });

  it('is for administrators: branch staff neither see it in the menu nor get it', async () => {
    fake.session = sessionOf(DUBAI_STAFF);
    renderStaffApp('/settings');
    expect(await screen.findByText('Only administrators can open this page.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Staff sections' });
    expect([...nav.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Inbox',
      'Orders',
      'Expiring quotations',
    ]);
    await waitFor(() => expect(screen.queryByRole('switch')).toBeNull());
  });
});
