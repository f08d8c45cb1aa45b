// What the visitor chose for the chat panel (closed, minimized, open), remembered so that it does not reopen on every
// page load. The first page view of a visit opens it (spec: open by default; a phone starts minimized).
//
// Kept in a cookie (Path=/, SameSite=Lax), not in sessionStorage or localStorage:
// - sessionStorage belongs to one tab: a page opened in a new tab (from a search result, a link) would open it again;
// - localStorage never ends: every later visit would start from an old choice, and "the rest of the visit" would need an
//   expiry of our own;
// - a session cookie lasts exactly the visit, in every tab, and becomes a persistent one (CHATTED_MAX_AGE_SECONDS) once
//   the visitor has chatted (a saved profile or a message sent), so a returning visitor who chatted keeps their last
//   choice. The server can read it too; it does not need to today: the chat is not in the server's HTML (it mounts after
//   the page load, as a fixed layer that moves nothing), and the server's page cache must not vary per visitor.
// A few bytes on each request to the site are its cost.
import { theme } from '@site/shared-ui';

/**
 * open: the panel shows; minimized: a small bar restores it (on a phone: the round button, with a dot for an unread
 * message); closed: only the floating button.
 */
export type ChatPanel = 'open' | 'minimized' | 'closed';

export const CHAT_PANEL_COOKIE = 'site_chat_panel';
/** How long the choice of a visitor who has chatted is kept: 180 days. */
export const CHATTED_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** A phone: there the open panel fills the screen. */
export const PHONE_QUERY = `(max-width: ${theme.chatMobile}px)`;

const PANELS: readonly ChatPanel[] = ['open', 'minimized', 'closed'];
const isPanel = (value: string): value is ChatPanel => (PANELS as readonly string[]).includes(value);

/** The panel the cookie holds, or null (no choice made in this visit, or a value this code does not know). */
export function rememberedPanel(cookieHeader: string): ChatPanel | null {
  const pair = cookieHeader.split(/;\s*/).find((part) => part.startsWith(`${CHAT_PANEL_COOKIE}=`));
  const value = pair?.slice(CHAT_PANEL_COOKIE.length + 1);
  return value !== undefined && isPanel(value) ? value : null;
}

/** Remembers the visitor's choice: for this visit, or for CHATTED_MAX_AGE_SECONDS once they have chatted. */
export function rememberPanel(panel: ChatPanel, { chatted }: { chatted: boolean }, doc: Document = document): void {
  const maxAge = chatted ? `; Max-Age=${CHATTED_MAX_AGE_SECONDS}` : '';
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${CHAT_PANEL_COOKIE}=${panel}; Path=/${maxAge}; SameSite=Lax${secure}`;
}

/** Once the visitor has chatted, the choice made earlier in the visit is kept as theirs (a persistent cookie). */
export function keepChoiceOfChatter(doc: Document = document): void {
  const panel = rememberedPanel(doc.cookie);
  if (panel !== null) rememberPanel(panel, { chatted: true }, doc);
}

/**
 * The panel a page starts with: the visitor's choice, else open (the spec's default). On a phone never open: the panel
 * would cover the page the visitor just asked for; it starts as the chat button (minimized) unless they closed it.
 */
export function initialPanel(
  doc: Document | undefined = globalThis.document,
  win: Window | undefined = globalThis.window,
): ChatPanel {
  const remembered = doc ? rememberedPanel(doc.cookie) : null;
  const onPhone = typeof win?.matchMedia === 'function' && win.matchMedia(PHONE_QUERY).matches;
  if (onPhone) return remembered === 'closed' ? 'closed' : 'minimized';
  return remembered ?? 'open';
}
