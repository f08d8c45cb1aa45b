// When a part of a server-drawn page may fetch its code: only once the page has started (html[data-started]), so its
// chunk is not among the scripts the page waits for before it handles clicks. Its server HTML stays meanwhile.
import { STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';

/**
 * Resolves once the page has started, where the server drew the element `serverHtmlId` and the page has not started
 * yet; at once otherwise: on the server (nothing to wait for), on a page drawn in the browser (no such HTML: a test,
 * a client-side navigation) and on a page already started.
 */
export function afterPageStart(serverHtmlId: string): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const root = document.documentElement;
  if (root.hasAttribute(STARTED_ATTRIBUTE) || document.getElementById(serverHtmlId) === null) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!root.hasAttribute(STARTED_ATTRIBUTE)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: [STARTED_ATTRIBUTE] });
  });
}
