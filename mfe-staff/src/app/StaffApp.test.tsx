import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { http } from '../testing/contractHttp';
import { requestsSent, server } from '@test/msw';
import { CSRF_HEADER, STAFF_API } from '@site/contracts/staff-api';
import { ADMIN, fakeStaffServer, sessionOf, staffHandlers, type FakeStaffServer } from '../testing/handlers';
import { currentAddress, renderStaffApp } from '../testing/renderStaff';

let fake: FakeStaffServer;
beforeEach(() => {
  fake = fakeStaffServer();
  server.use(...staffHandlers(fake));
});

describe('the staff app', () => {
  it('reads the session first, then shows the signed-in frame: sections, who is signed in, sign out', async () => {
    renderStaffApp('/');
    await waitFor(() => expect(currentAddress()).toBe('/inbox'));
    expect(requestsSent()[0]).toBe(`GET ${STAFF_API.session}`);
    const nav = screen.getByRole('navigation', { name: 'Staff sections' });
    expect([...nav.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Inbox',
      'Orders',
      'Expiring quotations',
      'Reviews',
      'Catalogue',
      'Releases',
      'Stock feeds',
      'Rates and VAT',
      'Settings',
      'Audit log',
    ]);
    expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(`${ADMIN.email} (Administrator)`)).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'staff-main');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#staff-main');
  });

  it('signed out: the session read answers {session: null}, and the guard sends to the sign-in page with the way back', async () => {
    fake.session = null;
    renderStaffApp('/reviews?visibility=held');
    await waitFor(() => expect(currentAddress()).toBe('/sign-in?next=%2Freviews%3Fvisibility%3Dheld'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    // nobody was signed in: nothing ended, and nothing else was asked (no call that would be refused)
    expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
    expect(requestsSent()).toEqual([`GET ${STAFF_API.session}`]);
  });

  it('a 401 on the session read (never sent by the server) is a failure to start, with a retry', async () => {
    server.use(http.get(STAFF_API.session, () => HttpResponse.json({ error: 'Please sign in.' }, { status: 401 })));
    renderStaffApp('/inbox');
    expect(await screen.findByRole('alert')).toHaveTextContent('The staff pages could not start. Please sign in.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('signs out with the CSRF token, then shows the sign-in page that returns to where one was', async () => {
    let token: string | null = null;
    server.use(
      http.post(STAFF_API.signOut, ({ request }) => {
        token = request.headers.get(CSRF_HEADER);
      }),
    );
    renderStaffApp('/reviews?visibility=held');
    await screen.findByRole('heading', { level: 1, name: 'Reviews' });
    const csrf = fake.session?.csrfToken;
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(currentAddress()).toBe('/sign-in?next=%2Freviews%3Fvisibility%3Dheld'));
    expect(await screen.findByText('You have signed out.')).toBeInTheDocument();
    expect(token).toBe(csrf);
    expect(fake.session).toBeNull();
  });

  it('a 401 on any call sends to the sign-in page, and what was on screen goes with the session', async () => {
    renderStaffApp('/inbox/quote/12');
    await screen.findByRole('heading', { level: 1, name: /^Quote request/ });
    // The session ends on the server; the next call is refused.
    fake.session = null;
    fireEvent.click(screen.getByRole('link', { name: 'Back to the inbox' }));
    await waitFor(() => expect(currentAddress()).toBe('/sign-in'));
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(screen.queryByText('Aisha Rahman')).toBeNull();
  });

  it('says the app could not start when the session cannot be read, and tries again', async () => {
    let calls = 0;
    server.use(
      http.get(STAFF_API.session, () =>
        ++calls === 1 ? HttpResponse.error() : HttpResponse.json({ session: sessionOf(ADMIN) }),
      ),
    );
    renderStaffApp('/inbox');
    expect(await screen.findByRole('alert')).toHaveTextContent('The staff pages could not start.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
  });

  it('moves the focus to the new page heading after a navigation, and shows a not-found page for unknown addresses', async () => {
    renderStaffApp('/inbox');
    await screen.findByRole('heading', { level: 1, name: 'Inbox' });
    fireEvent.click(screen.getByRole('link', { name: 'Reviews' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Reviews' });
    await waitFor(() => expect(heading).toHaveFocus());
    fireEvent.click(screen.getByRole('link', { name: 'Audit log' }));
    await screen.findByRole('heading', { level: 1, name: 'Audit log' });
  });

  it('an unknown address inside the app', async () => {
    renderStaffApp('/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
