import { keyframes } from 'styled-components';

// Keyframes of what appears while the visitor waits for it: the drawer opened by the menu button, the spinner of a page
// being loaded. GlobalStyle names them too, so that they are in the page's first stylesheet: a @keyframes rule added
// to the page later (styled-components adds one the first time a component that uses it draws) makes the browser
// restyle every element of the page, ~20 ms on a mid-range phone, inside the tap that opened the drawer.

/** The drawer drops from the top of the screen. */
export const slideDown = keyframes`from { transform: translateY(-100%); } to { transform: translateY(0); }`;

/** The spinner turns. */
export const spin = keyframes`to { transform: rotate(360deg); }`;
