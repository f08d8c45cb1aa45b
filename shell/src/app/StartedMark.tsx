import { useEffect } from 'react';
import { STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';
import { markEarlyReady } from './earlyReady';

/**
 * Set on <html> once the page a visitor sees handles clicks: the page itself (hydrated from the server's HTML, or
 * drawn) or its error screen, not only the frame around it. The page's part of a server-drawn page hydrates after the
 * frame, when its remote's code has arrived; a click on it before then is lost (React does not replay it). The
 * Playwright fixture (tests/support/fixtures.ts) waits for it (its name: @site/contracts/dom-ids).
 *
 * Renders nothing; marks the page started when it commits (placed beside the page, inside its Suspense boundary), and
 * hands on the taps kept on the page's controls meanwhile.
 */
export function StartedMark() {
  useEffect(() => {
    document.documentElement.setAttribute(STARTED_ATTRIBUTE, '');
    markEarlyReady('page');
  }, []);
  return null;
}
