// What every app gets for `import ... from '@reduxjs/toolkit'` (a shared singleton: see federated-app.cjs).
//
// Shared whole, RTK keeps every export (entity adapters, listener middleware, auto-batching, action matchers...):
// ~15.5 KB gzip on every page. The site's slices need these; ~10 KB gzip. Adding a name: as for the router facade
// (react-router-dom.mjs), add it here and release the shell first; the build fails on a name missing here.
export {
  combineSlices,
  configureStore,
  createAction,
  createAsyncThunk,
  createSelector,
  createSlice,
  nanoid,
} from '@original/@reduxjs/toolkit';
