// What every app gets for `import ... from 'styled-components'` (a shared singleton: see federated-app.cjs).
//
// Shared whole, it keeps ServerStyleSheet, StyleSheetManager, withTheme... that a client-rendered site never
// calls (13.2 -> 11.8 KB gzip). Adding a name: as for the router facade (react-router-dom.mjs).
export { default, createGlobalStyle, css, keyframes, ThemeProvider, useTheme } from '@original/styled-components';
