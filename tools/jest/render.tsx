import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Provider } from 'react-redux';
import { ThemeRoot } from '@site/shared-ui';
import { makeStore, type AppStore } from '@site/shared-store';

/** Shows the router's current path, so a test can see where a click navigated. */
function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

/**
 * Renders a component the way the shell hosts it: with a fresh store, the theme and a router at
 * `route` (matched against `path` when the component reads route params).
 */
export function renderInSite(ui: ReactElement, { route = '/', path = '*', store = makeStore() }: { route?: string; path?: string; store?: AppStore } = {}) {
  const result = render(
    <Provider store={store}>
      <ThemeRoot>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
          <CurrentPath />
        </MemoryRouter>
      </ThemeRoot>
    </Provider>,
  );
  return { ...result, store };
}

export { setViewportWidth } from './viewport';
