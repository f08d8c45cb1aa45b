import { Suspense, useEffect, useLayoutEffect, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Spinner } from '@site/shared-ui';
import { matchSiteRoute, routeTitle as routeTitleIn } from '@site/contracts/routes';
import type { Locale } from '@site/contracts/locale';
import { useLocale } from '@site/shared-store';
import { useText } from '../i18n/useText';
import { ArabicFont } from './ArabicFont';
import { Header } from './Header';
import { Footer } from './Footer';
import { BrochureButton } from './BrochureButton';
import { RemoteWidget } from '../remotes/RemoteWidget';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary';
import { chatOpensByDefault, useChatMayLoad } from './chatLoadMoment';
import { StartedMark } from '../app/StartedMark';
import { markEarlyReady } from '../app/earlyReady';
import { ScrollToTopOnNavigation } from '../app/ScrollToTopOnNavigation';

const Main = styled.main`
  flex: 1;
  /* A full screen while a page loads: otherwise the footer shows, then jumps down (CLS 0.32 -> 0). */
  min-height: 100vh;
`;

/** The first stop of the Tab key: straight to the page, past the header's links (WCAG 2.4.1). */
const SkipLink = styled.a`
  position: absolute;
  inset-inline-start: 12px;
  top: -100px;
  z-index: 1000;
  padding: 10px 16px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.brandDark};
  color: ${({ theme }) => theme.colors.onBrand};
  font-weight: 600;
  &:focus { top: 12px; }
`;

const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

/**
 * The route's own title in the page's language (`pathname` inside the edition, as the router has it), `notFound` for
 * an unknown address, none for '/' (it redirects).
 */
export function routeTitle(pathname: string, locale: Locale = 'en', notFound = 'Page not found'): string | undefined {
  if (pathname === '/') return undefined;
  const match = matchSiteRoute(pathname);
  return match === undefined ? notFound : routeTitleIn(match.route, locale);
}

function useRouteTitle(pathname: string, locale: Locale) {
  const text = useText();
  const title = routeTitle(pathname, locale, text('frame.pageNotFound'));
  const siteName = text('site.name');
  // A layout effect runs before the pages' own effects, so a page that knows a better title wins.
  useLayoutEffect(() => {
    document.title = title ? `${title} | ${siteName}` : siteName;
  }, [title, siteName]);
}

/** Focus moves to the page itself; no fragment in the address (the router would take it for a navigation). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main-content')?.focus();
}

/** Header, page, footer and chat: the part of every page that the shell owns. */
export function AppFrame() {
  const text = useText();
  const locale = useLocale();
  const location = useLocation();
  useRouteTitle(location.pathname, locale);
  // The chat is not what a visitor came to the page for: it loads once the page has (~17 KB and two requests
  // off the first paint), and on a phone once the visitor starts using the page (chatLoadMoment.ts).
  const chatReady = useChatMayLoad();
  // The frame has started (hydrated, or drawn): the taps kept on its controls (menu, search, basket, Call Us) go on.
  useEffect(() => markEarlyReady('frame'), []);
  return (
    <Page>
      <ScrollToTopOnNavigation />
      {/* The Arabic web font: declared on Arabic pages only, so English pages never download it. */}
      {locale === 'ar' ? <ArabicFont /> : null}
      <SkipLink href="#main-content" onClick={skipToMain}>
        {text('frame.skipToContent')}
      </SkipLink>
      <Header />
      <Main id="main-content" tabIndex={-1}>
        <RouteErrorBoundary resetKey={location.key}>
          <Suspense fallback={<Spinner label={text('frame.loadingPage')} />}>
            <Outlet />
            <StartedMark />
          </Suspense>
        </RouteErrorBoundary>
      </Main>
      <Footer />
      <BrochureButton />
      {chatReady ? (
        <RemoteWidget
          remote="chat"
          modulePath="./ChatWidget"
          componentProps={{ openByDefault: chatOpensByDefault(location.pathname) }}
        />
      ) : null}
    </Page>
  );
}
