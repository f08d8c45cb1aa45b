import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeRoot } from '../../shared-ui/src/theme/ThemeRoot';

/** Renders a component the way the shell hosts it: with the theme and a router at `route`. */
export function renderInSite(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <ThemeRoot>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </ThemeRoot>,
  );
}

export { setViewportWidth } from './viewport';
