// What every app gets for `import ... from 'react-router-dom'` (a shared singleton: see federated-app.cjs).
//
// react-router-dom 7 is `export * from 'react-router'` plus the DOM RouterProvider. Shared as it is, Module
// Federation must keep every export (it cannot know what other apps will use): ~66 KB gzip, most of it server,
// framework-mode and data-router code (loaders, actions, fetchers, static handlers, sessions, RSC) this site never
// runs: its shell renders <BrowserRouter> + <Routes>. This module names the part of the declarative client API the
// apps use instead (an unused name still costs every page its bytes), so
// webpack drops the rest: ~16 KB gzip. Every app provides this same module, so the singleton has the same exports
// whichever app's copy is loaded.
//
// Adding a name: add it here and release the shell with it before a remote that uses it (the shell's copy is the
// one that runs). `npm run lint` fails on bundled code that imports a name missing here (tools/lint/shared-facades.mjs).
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  generatePath,
  matchPath,
  matchRoutes,
  useHref,
  useInRouterContext,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useResolvedPath,
  useRoutes,
} from 'react-router';
