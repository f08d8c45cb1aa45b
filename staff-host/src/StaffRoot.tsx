import { Component, lazy, StrictMode, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import styled from 'styled-components';
import { Button, PageContainer, SectionHeading, Spinner, ThemeRoot } from '@site/shared-ui';
import { STAFF_BASE } from '@site/contracts/staff-api';
import type { LoadProductPreview } from '@site/contracts/product-preview';
import type { StaffAppModule } from './staffRemote';

const Message = styled.main`
  p { margin: 0 0 16px; }
`;

/** What shows when the staff remote cannot be fetched or fails while drawing: a way to try again. */
export function StaffUnavailable() {
  return (
    <Message>
      <PageContainer>
        <SectionHeading>The staff pages could not be loaded</SectionHeading>
        <p>
          Check your connection and load the page again. If it keeps happening, the staff app may be being released: try
          again in a minute.
        </p>
        <Button type="button" onClick={() => window.location.reload()}>
          Load the page again
        </Button>
      </PageContainer>
    </Message>
  );
}

class LoadFailureBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The staff app failed.', error);
  }

  override render() {
    return this.state.failed ? <StaffUnavailable /> : this.props.children;
  }
}

/**
 * The staff page's tree: the site's theme, a router for /staff/*, and the staff remote's app, loaded once (`load`:
 * staffRemote.ts in the browser, a stand-in in tests). The app is given the loader of the catalogue's product preview
 * (catalogueRemote.ts), which it calls only when the editor's preview is opened.
 */
export function createStaffRoot(
  load: () => Promise<StaffAppModule>,
  loadProductPreview?: LoadProductPreview,
): ComponentType {
  const StaffApp = lazy(load);
  return function StaffRoot() {
    return (
      <StrictMode>
        <ThemeRoot>
          <BrowserRouter basename={STAFF_BASE}>
            <LoadFailureBoundary>
              <Suspense fallback={<Spinner label="Loading the staff pages" />}>
                <StaffApp loadProductPreview={loadProductPreview} />
              </Suspense>
            </LoadFailureBoundary>
          </BrowserRouter>
        </ThemeRoot>
      </StrictMode>
    );
  };
}
