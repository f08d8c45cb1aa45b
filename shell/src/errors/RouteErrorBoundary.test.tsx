import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeRoot } from '@site/shared-ui';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Page({ fails }: { fails: boolean }) {
  if (fails) throw new Error('The page broke');
  return <p>The page</p>;
}

const site = (resetKey: string, fails: boolean) => (
  <ThemeRoot>
    <MemoryRouter>
      <RouteErrorBoundary resetKey={resetKey}>
        <Page fails={fails} />
      </RouteErrorBoundary>
    </MemoryRouter>
  </ThemeRoot>
);

describe('RouteErrorBoundary', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the error screen in place of a page that throws, until the visitor goes to another address', () => {
    const { rerender } = render(site('first', true));
    expect(screen.getByRole('heading', { name: 'The page broke' })).toBeVisible();

    rerender(site('first', false)); // same address: the error stays (no retry loop)
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();

    rerender(site('second', false));
    expect(screen.getByText('The page')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
