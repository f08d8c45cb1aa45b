import { createGlobalStyle } from 'styled-components';
import { slideInFromStart, spin } from './motion';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.fontFamily};
    font-size: ${({ theme }) => theme.typeScale.md};
    line-height: 1.55;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
  }
  img, svg { max-width: 100%; }
  img { height: auto; }
  a { color: ${({ theme }) => theme.colors.brand}; }
  /* Directional icons (arrows, chevrons, send: icons.tsx) point the other way on a right-to-left page. */
  svg[data-mirror-rtl]:dir(rtl) { transform: scaleX(-1); }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; outline-offset: 2px; }
  /* Only to have the keyframes in the page's first stylesheet, before anything uses them (motion.ts says why). */
  :root { --keyframes-slide-in: ${slideInFromStart}; --keyframes-spin: ${spin}; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; }
  }
`;
