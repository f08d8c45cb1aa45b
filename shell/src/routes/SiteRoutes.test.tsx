import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Provider } from 'react-redux';
import { makeStore } from '@site/shared-store';
import { ThemeRoot } from '@site/shared-ui';
import { SiteRoutes } from './routeTable';

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

/** The shell's tree (bootstrap.tsx) with an in-memory router at `route`. */
function renderShell(route: string) {
  return render(
    <Provider store={makeStore()}>
      <ThemeRoot>
        <MemoryRouter initialEntries={[route]}>
          <SiteRoutes />
          <CurrentPath />
        </MemoryRouter>
      </ThemeRoot>
    </Provider>,
  );
}

describe('SiteRoutes', () => {
  beforeEach(() => {
    // Remotes cannot load in jsdom (no remotes map): the boundaries warn, and React reports what they caught.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  // '/' -> '/home' is tested in a browser (tests/specs/routing.spec.ts): React Router navigates in a transition that
  // waits for the page's remote, and jsdom has none.

  it("shows an unknown address as '404 Not Found' inside the frame, titled 'Page not found'", async () => {
    renderShell('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    expect(screen.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(document.title).toBe('Page not found | Crescent Electrical Trading');
  });

  it('shows the error screen for a page whose remote cannot load, with the header and footer still there', async () => {
    renderShell('/about');
    expect(await screen.findByRole('heading', { name: /The company module "\.\/AboutPage" could not be loaded/ })).toBeVisible();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(document.title).toBe('About Us | Crescent Electrical Trading');
  });
});
