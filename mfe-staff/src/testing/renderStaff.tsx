// Renders the staff app as the staff host does (staff-host/src/StaffRoot.tsx): the theme, a router (in memory here,
// without the /staff basename the host's has), the app's own store. Shows the router's address for assertions.
import type { ComponentProps } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ThemeRoot } from '@site/shared-ui';
import StaffApp from '../app/StaffApp';

function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <output data-testid="current-address">{`${pathname}${search}`}</output>;
}

/** `props`: what the host gives the app (the catalogue preview's loader). */
export function renderStaffApp(route: string, props: ComponentProps<typeof StaffApp> = {}) {
  return render(
    <ThemeRoot>
      {/* No transitions: a navigation from a form's submit handler in a transition makes React read the form with
          FormData, and the Node FormData of jest-fixed-jsdom cannot read a jsdom form (browsers can). */}
      <MemoryRouter initialEntries={[route]} useTransitions={false}>
        <StaffApp {...props} />
        <CurrentAddress />
      </MemoryRouter>
    </ThemeRoot>,
  );
}

/** The address the app is at ('/inbox?status=new'). */
export const currentAddress = (): string =>
  document.querySelector('[data-testid="current-address"]')?.textContent ?? '';
