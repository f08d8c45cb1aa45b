import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { HOME_PATH, siteRoutes } from '@site/contracts/routes';
import { AppFrame } from '../frame/AppFrame';
import { ErrorScreen, PageNotFoundError } from '../errors/ErrorScreen';
import { RemotePage } from '../remotes/RemotePage';

/**
 * An address outside the table: the error screen, but for the buyer's quotation (a mail's link), whose route is kept
 * out of the table every page carries in its first view (contracts/src/quotationRoute.ts): a branch here costs the
 * other pages fewer bytes than a row there or a route added at start.
 */
function PageNotFound() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/quotation/')) return <RemotePage remote="contact" modulePath="./Quotation" />;
  return <ErrorScreen error={new PageNotFoundError(pathname)} />;
}

/**
 * The site's routes (spec §2): every page inside the frame, '/' redirecting to /home, anything else the error screen.
 * Plain <Routes> under a <BrowserRouter>, not a data router: pages load their own data, and the data router
 * (loaders, actions, fetchers) would add ~20 KB gzip to every page for nothing.
 */
export function SiteRoutes() {
  return (
    <Routes>
      <Route element={<AppFrame />}>
        <Route index element={<Navigate to={HOME_PATH} replace />} />
        {/* The whole row goes to RemotePage (it reads remote and modulePath): so each row's pair is type-checked
            against the remote's declared exposes, and its component must render without props. */}
        {siteRoutes.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={<RemotePage key={`${route.remote}/${route.modulePath}`} {...route} />}
          />
        ))}
        <Route path="*" element={<PageNotFound />} />
      </Route>
    </Routes>
  );
}
