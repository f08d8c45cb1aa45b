import { createGlobalStyle } from 'styled-components';
import { slideInFromStart, spin } from './motion';
import { theme } from './theme';

// Static (the theme's values, not functions of the props): styled-components then keeps the server's copy of these
// rules in the browser. Written with `({ theme }) => …` it drew them again at start, and a new `*` or `body` rule makes
// the browser recalculate the style of every element of the page (every page has one theme: ThemeRoot).
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${theme.fontFamily};
    font-size: ${theme.typeScale.md};
    line-height: 1.55;
    color: ${theme.colors.text};
    background: ${theme.colors.surface};
  }
  img, svg { max-width: 100%; }
  img { height: auto; }
  a { color: ${theme.colors.brand}; }
  /* Directional icons (arrows, chevrons, send: icons.tsx) point the other way on a right-to-left page. */
  svg[data-mirror-rtl]:dir(rtl) { transform: scaleX(-1); }
  :focus-visible { outline: 3px solid ${theme.colors.accent}; outline-offset: 2px; }
  /* Only to have the keyframes in the page's first stylesheet, before anything uses them (motion.ts says why). */
  :root { --keyframes-slide-in: ${slideInFromStart}; --keyframes-spin: ${spin}; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; }
  }
`;
