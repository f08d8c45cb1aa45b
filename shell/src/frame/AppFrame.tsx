import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import styled from 'styled-components';
import { Spinner } from '@site/shared-ui';
import { company } from '@site/content';
import { Header } from './Header';
import { Footer } from './Footer';
import { BrochureButton } from './BrochureButton';
import { RemoteWidget } from '../remotes/RemoteWidget';
import { noteNavigation } from '../remotes/RemotePage';
import type { RouteHandle } from '../routes/routeTable';

const Main = styled.main`
  flex: 1;
  /* A full screen while a page loads: otherwise the footer shows, then jumps down (CLS 0.32 -> 0). */
  min-height: 100vh;
`;

const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

function useRouteTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().map((match) => (match.handle as RouteHandle | undefined)?.title).find(Boolean);
  // A layout effect runs before the pages' own effects, so a page that knows a better title wins.
  useLayoutEffect(() => {
    document.title = title ? `${title} | ${company.name}` : company.name;
  }, [title]);
}

/** Header, page, footer and chat: the part of every page that the shell owns. */
export function AppFrame() {
  const location = useLocation();
  useRouteTitle();
  // A layout effect: it must count the navigation before a failed widget (the chat) retries.
  useLayoutEffect(() => noteNavigation(), [location.key]);
  return (
    <Page>
      <Header />
      <Main id="main-content" tabIndex={-1}>
        <Suspense fallback={<Spinner label="Loading page" />}>
          <Outlet />
        </Suspense>
      </Main>
      <Footer />
      <BrochureButton />
      <RemoteWidget remote="chat" modulePath="./ChatWidget" />
    </Page>
  );
}
