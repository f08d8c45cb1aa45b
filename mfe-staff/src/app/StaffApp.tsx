import { useState } from 'react';
import { Provider } from 'react-redux';
import { Navigate, Route, Routes } from 'react-router-dom';
import { makeStaffStore } from './store';
import { StaffLayout } from './StaffLayout';
import { NotFoundPage } from './NotFoundPage';
import { SessionStart } from '../session/SessionStart';
import { RequireSession } from '../session/RequireSession';
import { RequireAdmin } from '../session/RequireAdmin';
import { HOME_ROUTE, SIGN_IN_ROUTE } from '../session/returnPath';
import SignInPage from '../sign-in/SignInPage';
import { InboxPage } from '../inbox/InboxPage';
import { ItemPage } from '../item/ItemPage';
import { ReviewsPage } from '../reviews/ReviewsPage';
import { SettingsPage } from '../settings/SettingsPage';
import { AuditPage } from '../audit/AuditPage';

/**
 * The staff app, as the staff host page renders it (staff-host/): inside the host's router (basename /staff) and
 * theme, with a store of its own. Every page but the sign-in page needs an active session.
 */
export default function StaffApp() {
  const [store] = useState(makeStaffStore);
  return (
    <Provider store={store}>
      <SessionStart>
        <Routes>
          <Route path={SIGN_IN_ROUTE} element={<SignInPage />} />
          <Route element={<RequireSession />}>
            <Route element={<StaffLayout />}>
              <Route index element={<Navigate to={HOME_ROUTE} replace />} />
              <Route path="inbox" element={<InboxPage />} />
              <Route path="inbox/:kind/:id" element={<ItemPage />} />
              <Route
                path="reviews"
                element={
                  <RequireAdmin title="Reviews">
                    <ReviewsPage />
                  </RequireAdmin>
                }
              />
              <Route
                path="settings"
                element={
                  <RequireAdmin title="Settings">
                    <SettingsPage />
                  </RequireAdmin>
                }
              />
              <Route
                path="audit"
                element={
                  <RequireAdmin title="Audit log">
                    <AuditPage />
                  </RequireAdmin>
                }
              />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Routes>
      </SessionStart>
    </Provider>
  );
}
