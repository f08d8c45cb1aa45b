// What every app gets for `import ... from 'react-redux'` (a shared singleton: see federated-app.cjs).
//
// Shared whole, react-redux keeps connect() and its helpers, which the site does not use. Adding a name: as for the
// router facade (react-router-dom.mjs), add it here and release the shell first; the build fails on a name missing here.
export { Provider, useDispatch, useSelector, useStore } from '@original/react-redux';
