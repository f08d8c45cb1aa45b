import { startTransition, useEffect, useState } from 'react';
import { theme } from '@site/shared-ui';
import { QUOTE_REQUEST_PATH } from '@site/contracts/paths';
import { afterPageLoad } from './useAfterPageLoad';

/** Where the chat starts as its round button, not as the open panel (the chat's own PHONE_QUERY, panelMemory.ts). */
export const CHAT_PHONE_QUERY = `(max-width: ${theme.chatMobile}px)`;
/** On a phone, how long a loaded page waits for the visitor's first touch, scroll or key before the chat loads anyway. */
export const PHONE_CHAT_QUIET_MS = 4000;
/**
 * Whether the chat's panel may open by itself over the page at `pathname` (inside its edition, '/ar' off): not over the
 * request for a quotation, a form the visitor came to fill in, nor over a buyer's quotation (/quotation/<token>), which
 * they came to read and answer; there it starts minimized, a bar that opens it. Elsewhere the chat decides (open on a
 * desktop's first page of a visit).
 */
export const chatOpensByDefault = (pathname: string): boolean =>
  pathname.replace(/\/$/, '') !== QUOTE_REQUEST_PATH && !pathname.startsWith('/quotation/');

/** What counts as the visitor's first action on the page. */
const FIRST_ACTIONS = ['pointerdown', 'touchstart', 'keydown', 'scroll', 'wheel'] as const;

/**
 * Calls `callback` when the chat may load: once the page has loaded and the browser is idle (afterPageLoad); on a
 * phone, where the chat is only a round button until the visitor opens it, not before their first touch, scroll or
 * key either, or PHONE_CHAT_QUIET_MS after that. Its remote entry and widget (two ~40–200 ms tasks at phone speed) then
 * run once the page is in use instead of during its start, when they kept the page busy and delayed its first
 * responses. Returns a function that cancels it.
 */
export function whenChatMayLoad(callback: () => void, win: Window = window): () => void {
  const onPhone = typeof win.matchMedia === 'function' && win.matchMedia(CHAT_PHONE_QUERY).matches;
  let loaded = false;
  let acted = !onPhone;
  let done = false;
  let quietTimer: number | undefined;
  const stopListening = () => {
    for (const type of FIRST_ACTIONS) win.removeEventListener(type, onAction, { capture: true });
  };
  const maybeLoad = () => {
    if (done || !loaded || !acted) return;
    done = true;
    stopListening();
    if (quietTimer !== undefined) win.clearTimeout(quietTimer);
    callback();
  };
  function onAction() {
    acted = true;
    maybeLoad();
  }
  if (onPhone) for (const type of FIRST_ACTIONS) win.addEventListener(type, onAction, { capture: true, passive: true });
  const cancelLoad = afterPageLoad(() => {
    loaded = true;
    if (!acted) quietTimer = win.setTimeout(onAction, PHONE_CHAT_QUIET_MS);
    maybeLoad();
  }, win);
  return () => {
    done = true;
    cancelLoad();
    stopListening();
    if (quietTimer !== undefined) win.clearTimeout(quietTimer);
  };
}

/** False until the chat may load (whenChatMayLoad); then true, set in a transition so its render is sliced. */
export function useChatMayLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenChatMayLoad(() => startTransition(() => setReady(true))), []);
  return ready;
}
