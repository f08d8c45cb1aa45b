import { keyframes } from 'styled-components';

// Keyframes of what appears while the visitor waits for it: the drawer opened by the menu button, the spinner of a page
// being loaded. GlobalStyle names them too, so that they are in the page's first stylesheet: a @keyframes rule added
// to the page later (styled-components adds one the first time a component that uses it draws) makes the browser
// restyle every element of the page, ~20 ms on a mid-range phone, inside the tap that opened the drawer.

/**
 * The drawer slides in from the inline start: the left, the right on a right-to-left page. A transform has no logical
 * form, so the panel gives the start offset as --slide-in-from (-100% or 100%: Drawer.tsx).
 */
export const slideInFromStart = keyframes`from { transform: translateX(var(--slide-in-from, -100%)); } to { transform: translateX(0); }`;

/** The spinner turns. */
export const spin = keyframes`to { transform: rotate(360deg); }`;
