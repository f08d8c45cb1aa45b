import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { requestsSentWithBodies } from '@test/msw';
import { STAFF_API } from '@site/contracts/staff-api';
import { DUBAI_STAFF, sessionOf } from '../testing/handlers';
import {
  MISSING_EXPOSE,
  NO_SEARCH_ENTRY,
  RELEASE_STAFF,
  servedReleases,
  withRolledBackCanary,
} from '../testing/releaseHandlers';
import { formatDateTime } from '../ui/format';
import { currentAddress, renderStaffApp } from '../testing/renderStaff';

const catalogueSection = () => screen.getByRole('region', { name: 'catalogue' });
const rowOf = (version: string) => within(catalogueSection()).getByRole('rowheader', { name: version }).closest('tr')!;

describe('the releases console', () => {
  it('release staff land on it, see only their remotes and nothing else of the staff app', async () => {
    servedReleases({ session: sessionOf(RELEASE_STAFF) });
    renderStaffApp('/inbox');
    expect(await screen.findByRole('heading', { level: 2, name: 'catalogue' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/releases');
    expect(screen.queryByRole('heading', { level: 2, name: 'chat' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Pipeline tokens' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Staff sections' });
    expect([...nav.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['Releases']);
    expect(
      screen.getByRole('link', { name: /omar@crescent\.example \(Release staff, catalogue\)/ }),
    ).toBeInTheDocument();
  });

  it('registers, sets the canary, promotes and rolls back, asking first, with the CSRF token on every change', async () => {
    servedReleases({ session: sessionOf(RELEASE_STAFF) });
    renderStaffApp('/releases');
    const form = await screen.findByRole('form', { name: 'Register a release of catalogue' });
    // the server's refusal of a manifest is said at the manifest's field
    fireEvent.change(within(form).getByLabelText(/^Version/), { target: { value: '2026-11-26.1' } });
    fireEvent.change(within(form).getByLabelText(/^Manifest URL or path/), { target: { value: NO_SEARCH_ENTRY } });
    fireEvent.click(within(form).getByRole('button', { name: 'Register' }));
    const manifest = within(form).getByLabelText(/^Manifest URL or path/);
    await waitFor(() => expect(manifest).toHaveAccessibleDescription(expect.stringContaining(MISSING_EXPOSE)));
    expect(manifest).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(manifest, { target: { value: 'https://cdn.example/catalogue/2026-11-26.1/mf-manifest.json' } });
    fireEvent.change(within(form).getByLabelText(/^Notes/), { target: { value: 'Faster search' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('2026-11-26.1 is registered. Set it as the canary to put it in front of some visitors.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('2026-11-26.1')).getByText('Faster search')).toBeInTheDocument());
    expect(within(rowOf('2026-11-26.1')).getByText('staff omar@crescent.example')).toBeInTheDocument();

    // a version taken is said at the version's field
    fireEvent.change(within(form).getByLabelText(/^Version/), { target: { value: '2026-11-26.1' } });
    fireEvent.change(within(form).getByLabelText(/^Manifest URL or path/), {
      target: { value: '/remotes/catalogue/mf-manifest.json' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Version/)).toHaveAccessibleDescription(
        expect.stringContaining('already has a release "2026-11-26.1"'),
      ),
    );

    const canary = screen.getByRole('form', { name: 'Canary of catalogue' });
    fireEvent.change(within(canary).getByLabelText(/^Percent of visitors/), { target: { value: '101' } });
    fireEvent.click(within(canary).getByRole('button', { name: 'Set canary' }));
    await waitFor(() =>
      expect(within(canary).getByLabelText(/^Percent of visitors/)).toHaveAccessibleDescription(
        expect.stringContaining('percent must be a whole number from 0 to 100'),
      ),
    );
    fireEvent.change(within(canary).getByLabelText(/^Percent of visitors/), { target: { value: '20' } });
    fireEvent.click(within(canary).getByRole('button', { name: 'Set canary' }));
    expect(await screen.findByText('2026-11-26.1 is the canary for 20 % of visitors.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('2026-11-26.1')).getByText('Canary, 20 %')).toBeInTheDocument());
    // each live release's loads and failures, as reported
    expect(
      within(catalogueSection()).getByText('1203 loads, 3 failed (0.2 %); 1 server render errors'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(catalogueSection()).getByText('0 loads, 0 failed; 0 server render errors')).toBeInTheDocument(),
    );

    // this server promotes the catalogue only after a passed run pinned to its canary (RELEASE_REQUIRE_PASSED_RUN)
    const gate = (term: string) => within(catalogueSection()).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(gate('Promote')).toHaveTextContent(
      'Only after a test run pinned to the canary passed (RELEASE_REQUIRE_PASSED_RUN names this remote)',
    );
    expect(gate("Canary's latest test run")).toHaveTextContent('None recorded');
    fireEvent.click(screen.getByRole('button', { name: 'Promote the canary…' }));
    const promote = await screen.findByRole('dialog', { name: 'Promote 2026-11-26.1 of catalogue?' });
    fireEvent.click(within(promote).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Promote the canary…' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Promote' }));
    expect(
      await screen.findByText("catalogue's canary is promoted only after a test run pinned to it passes"),
    ).toBeInTheDocument();

    // QA records the run they made pinned to the canary: a failure first, which keeps the gate shut
    const run = screen.getByRole('form', { name: "Record a test run of catalogue's canary" });
    fireEvent.change(within(run).getByLabelText('Result of the run pinned to 2026-11-26.1'), {
      target: { value: 'failed' },
    });
    fireEvent.change(within(run).getByLabelText(/^Report/), { target: { value: 'https://ci.example/runs/41' } });
    fireEvent.click(within(run).getByRole('button', { name: 'Record test run' }));
    expect(await screen.findByText('Recorded a failed test run of 2026-11-26.1.')).toBeInTheDocument();
    await waitFor(() =>
      expect(gate("Canary's latest test run")).toHaveTextContent(
        /^Failed, recorded by staff omar@crescent\.example on .+: https:\/\/ci\.example\/runs\/41$/,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Promote the canary…' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Promote' }));
    expect(
      await screen.findByText(
        "catalogue's canary failed its latest pinned test run: fix it and record a passing run before promoting it",
      ),
    ).toBeInTheDocument();
    // then a pass, which opens it
    fireEvent.change(within(run).getByLabelText('Result of the run pinned to 2026-11-26.1'), {
      target: { value: 'passed' },
    });
    fireEvent.click(within(run).getByRole('button', { name: 'Record test run' }));
    expect(await screen.findByText('Recorded a passed test run of 2026-11-26.1.')).toBeInTheDocument();
    await waitFor(() =>
      expect(gate("Canary's latest test run")).toHaveTextContent(
        /^Passed, recorded by staff omar@crescent\.example on /,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Promote the canary…' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('2026-11-26.1 is now stable for every visitor.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('2026-11-26.1')).getByText('Stable')).toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Roll back…' }));
    const rollback = await screen.findByRole('dialog', { name: 'Roll back catalogue?' });
    expect(rollback).toHaveTextContent('every visitor gets variables again');
    fireEvent.click(within(rollback).getByRole('button', { name: 'Roll back' }));
    expect(await screen.findByText('Rolled back: every visitor gets variables.')).toBeInTheDocument();

    const changes = (await requestsSentWithBodies()).filter(({ request }) =>
      request.startsWith('POST /api/staff/releases/'),
    );
    expect(changes.map(({ request }) => request.replace('POST /api/staff/releases/remotes/catalogue/', ''))).toEqual([
      'releases',
      'releases',
      'releases',
      'canary',
      'canary',
      'promote',
      'runs',
      'promote',
      'runs',
      'promote',
      'rollback',
    ]);
    expect(changes.filter(({ request }) => request.endsWith('/runs')).map(({ body }) => body)).toEqual([
      { passed: false, report: 'https://ci.example/runs/41' },
      { passed: true },
    ]);
    // the fake refuses a change without the session's CSRF token (403), so each one above carried it
  });

  it('a canary the automatic rollback took out is marked with when and why, and its promote button is disabled, saying so', async () => {
    const { registry } = servedReleases({ session: sessionOf(RELEASE_STAFF) });
    const at = '2026-11-24T14:03:00.000Z';
    withRolledBackCanary(registry, {
      at,
      reason: '5 of its last 5 loads failed (from 5 addresses within 60 s; threshold 20%)',
    });
    renderStaffApp('/releases');
    await waitFor(() =>
      expect(within(rowOf('2026-11-24.1')).getByText('Canary, 0 %, rolled back automatically')).toBeInTheDocument(),
    );
    const reason = `Rolled back automatically on ${formatDateTime(at)} because 5 of its last 5 loads failed (from 5 addresses within 60 s; threshold 20%). It cannot be promoted until an admin registers it again (the same version and manifest).`;
    expect(
      within(catalogueSection()).getByText('Canary rolled back', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent(reason);
    const promote = within(catalogueSection()).getByRole('button', { name: 'Promote the canary…' });
    expect(promote).toBeDisabled();
    expect(promote).toHaveAccessibleDescription(reason);
  });

  it('administrators make a pipeline token (its secret shown once, with a copy button), list and revoke tokens', async () => {
    servedReleases();
    Object.assign(navigator, { clipboard: { writeText: jest.fn(async () => undefined) } });
    renderStaffApp('/releases');
    expect(await screen.findByRole('heading', { level: 2, name: 'chat' })).toBeInTheDocument();
    // a remote the server's RELEASE_REQUIRE_PASSED_RUN does not name; with no canary, no run to record
    const chat = screen.getByRole('region', { name: 'chat' });
    expect(within(chat).getByText('Promote', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'No test run required (RELEASE_REQUIRE_PASSED_RUN does not name this remote)',
    );
    expect(within(chat).queryByRole('form', { name: "Record a test run of chat's canary" })).toBeNull();
    expect(within(chat).getByText(/^A test run is recorded against a live canary/)).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Make a pipeline token' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'catalogue pipeline' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Make token' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('remotes must name at least one remote');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'catalogue' }));
    fireEvent.change(within(form).getByLabelText(/^Valid for \(days\)/), { target: { value: '400' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Make token' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Valid for \(days\)/)).toHaveAccessibleDescription(
        expect.stringContaining('from 1 to 365'),
      ),
    );
    fireEvent.change(within(form).getByLabelText(/^Valid for \(days\)/), { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Make token' }));

    expect(
      await screen.findByText(
        'Copy the token for catalogue pipeline now: it is shown only this once and cannot be seen again.',
      ),
    ).toBeInTheDocument();
    const secret = screen.getByTestId('new-token').textContent ?? '';
    expect(secret).toMatch(/^srt_/);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the token' }));
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(secret);
    const table = await screen.findByRole('table', { name: /Pipeline tokens/ });
    expect(within(table).getByRole('rowheader', { name: 'catalogue pipeline' })).toBeInTheDocument();
    expect(table).not.toHaveTextContent(secret);

    fireEvent.click(within(table).getByRole('button', { name: 'Revoke catalogue pipeline' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke catalogue pipeline?' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    expect(
      await screen.findByText('catalogue pipeline is revoked: pipelines using it are refused from now on.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: /Pipeline tokens/ })).getByText(/^Revoked/)).toBeInTheDocument(),
    );
    const sent = (await requestsSentWithBodies()).filter(
      ({ request }) => request === `POST ${STAFF_API.releaseTokens}`,
    );
    expect(sent.at(-1)?.body).toEqual({
      name: 'catalogue pipeline',
      scope: 'release',
      remotes: ['catalogue'],
      expiresInDays: 30,
    });
    expect(
      within(screen.getByRole('table', { name: /Pipeline tokens/ })).getByRole('row', { name: /catalogue pipeline/ }),
    ).toHaveTextContent('Release catalogue');

    // a stock token for the ERP: no remotes to choose, none sent
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'ERP' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Send the stock feed (the ERP)' }));
    expect(within(form).queryByRole('checkbox', { name: 'catalogue' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Make token' }));
    expect(
      await screen.findByText('Copy the token for ERP now: it is shown only this once and cannot be seen again.'),
    ).toBeInTheDocument();
    const stockSent = (await requestsSentWithBodies()).filter(
      ({ request }) => request === `POST ${STAFF_API.releaseTokens}`,
    );
    expect(stockSent.at(-1)?.body).toEqual({ name: 'ERP', scope: 'stock', expiresInDays: 30 });
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: /Pipeline tokens/ })).getByRole('row', { name: /ERP/ }),
      ).toHaveTextContent('Stock feed'),
    );
  });

  it('is closed to branch staff: not in their menu, and the page says so', async () => {
    servedReleases({ session: sessionOf(DUBAI_STAFF) });
    renderStaffApp('/releases');
    expect(await screen.findByText('Only administrators and release staff can open this page.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Staff sections' });
    expect([...nav.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Inbox',
      'Orders',
      'Expiring quotations',
    ]);
  });
});
