import { useState } from 'react';
import { Provider } from 'react-redux';
import { Navigate, Route, Routes } from 'react-router-dom';
import { makeStaffStore } from './store';
import { StaffLayout } from './StaffLayout';
import { NotFoundPage } from './NotFoundPage';
import { SessionStart } from '../session/SessionStart';
import { RequireSession } from '../session/RequireSession';
import { RequireAdmin } from '../session/RequireAdmin';
import { RequireCatalogueEditor, RequireInbox, RequireReleaser } from '../session/RequireRole';
import { HOME_ROUTE, SIGN_IN_ROUTE } from '../session/returnPath';
import SignInPage from '../sign-in/SignInPage';
import { InboxPage } from '../inbox/InboxPage';
import { ItemPage } from '../item/ItemPage';
import { QuotationPage } from '../quotation/QuotationPage';
import { ExpiringPage } from '../quotation/ExpiringPage';
import { OrdersPage } from '../orders/OrdersPage';
import { ReviewsPage } from '../reviews/ReviewsPage';
import { SettingsPage } from '../settings/SettingsPage';
import { AuditPage } from '../audit/AuditPage';
import { RatesPage } from '../rates/RatesPage';
import { AccountPage } from '../account/AccountPage';
import { CatalogueListPage } from '../catalogue/list/CatalogueListPage';
import { ProductEditPage } from '../catalogue/edit/ProductEditPage';
import { NewProductPage } from '../catalogue/create/NewProductPage';
import { ProductHistoryPage } from '../catalogue/history/ProductHistoryPage';
import { ReleasesPage } from '../releases/ReleasesPage';
import { StockFeedsPage } from '../stock/StockFeedsPage';
import { CatalogueFilePage } from '../catalogue/file/CatalogueFilePage';
import { ImportJobPage } from '../catalogue/file/ImportJobPage';
import { MissingArabicPage } from '../catalogue/arabic/MissingArabicPage';
import { CategoryListPage } from '../catalogue/categories/CategoryListPage';
import { CategoryEditPage } from '../catalogue/categories/CategoryEditPage';
import { ProductPreviewLoaderContext } from '../catalogue/edit/productPreviewLoader';
import type { LoadProductPreview } from '@site/contracts/product-preview';

/**
 * The staff app, as the staff host page renders it (staff-host/): inside the host's router (basename /staff) and
 * theme, with a store of its own. Every page but the sign-in page needs an active session. `loadProductPreview`: the
 * host's loader of the catalogue's live preview (the product editor's; absent from an older host).
 */
export default function StaffApp({ loadProductPreview }: { loadProductPreview?: LoadProductPreview | undefined }) {
  const [store] = useState(makeStaffStore);
  return (
    <Provider store={store}>
      <ProductPreviewLoaderContext.Provider value={loadProductPreview}>
        <SessionStart>
          <Routes>
            <Route path={SIGN_IN_ROUTE} element={<SignInPage />} />
            <Route element={<RequireSession />}>
              <Route element={<StaffLayout />}>
                <Route index element={<Navigate to={HOME_ROUTE} replace />} />
                <Route
                  path="inbox"
                  element={
                    <RequireInbox>
                      <InboxPage />
                    </RequireInbox>
                  }
                />
                <Route
                  path="inbox/:kind/:id"
                  element={
                    <RequireInbox>
                      <ItemPage />
                    </RequireInbox>
                  }
                />
                <Route
                  path="orders"
                  element={
                    <RequireInbox>
                      <OrdersPage />
                    </RequireInbox>
                  }
                />
                <Route
                  path="expiring-quotations"
                  element={
                    <RequireInbox>
                      <ExpiringPage />
                    </RequireInbox>
                  }
                />
                <Route
                  path="quotations/:id"
                  element={
                    <RequireInbox>
                      <QuotationPage />
                    </RequireInbox>
                  }
                />
                <Route
                  path="catalogue"
                  element={
                    <RequireCatalogueEditor title="Catalogue">
                      <CatalogueListPage />
                    </RequireCatalogueEditor>
                  }
                />
                <Route
                  path="catalogue/new"
                  element={
                    <RequireCatalogueEditor title="New product">
                      <NewProductPage />
                    </RequireCatalogueEditor>
                  }
                />
                <Route
                  path="catalogue/:id"
                  element={
                    <RequireCatalogueEditor title="Edit product">
                      <ProductEditPage />
                    </RequireCatalogueEditor>
                  }
                />
                <Route
                  path="catalogue/:id/history"
                  element={
                    <RequireCatalogueEditor title="Product history">
                      <ProductHistoryPage />
                    </RequireCatalogueEditor>
                  }
                />
                <Route
                  path="releases"
                  element={
                    <RequireReleaser>
                      <ReleasesPage />
                    </RequireReleaser>
                  }
                />
                <Route
                  path="catalogue-file"
                  element={
                    <RequireCatalogueEditor title="Import and export">
                      <CatalogueFilePage />
                    </RequireCatalogueEditor>
                  }
                />
                <Route
                  path="catalogue-file/jobs/:id"
                  element={
                    <RequireCatalogueEditor title="Import job">
                      <ImportJobPage />
                    </RequireCatalogueEditor>
                  }
                />
                <Route
                  path="catalogue-arabic"
                  element={
                    <RequireCatalogueEditor title="Missing Arabic">
                      <MissingArabicPage />
                    </RequireCatalogueEditor>
                  }
                />
                <Route
                  path="catalogue-categories"
                  element={
                    <RequireCatalogueEditor title="Categories">
                      <CategoryListPage />
                    </RequireCatalogueEditor>
                  }
                />
                <Route
                  path="catalogue-categories/:id"
                  element={
                    <RequireCatalogueEditor title="Edit category">
                      <CategoryEditPage />
                    </RequireCatalogueEditor>
                  }
                />
                <Route
                  path="reviews"
                  element={
                    <RequireAdmin title="Reviews">
                      <ReviewsPage />
                    </RequireAdmin>
                  }
                />
                <Route
                  path="stock-feeds"
                  element={
                    <RequireAdmin title="Stock feeds">
                      <StockFeedsPage />
                    </RequireAdmin>
                  }
                />
                <Route
                  path="rates"
                  element={
                    <RequireAdmin title="Rates and VAT">
                      <RatesPage />
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
                <Route
                  path="audit/buyers"
                  element={
                    <RequireAdmin title="Buyers’ accounts log">
                      <AuditPage log="buyers" />
                    </RequireAdmin>
                  }
                />
                <Route path="account" element={<AccountPage />} />
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Route>
          </Routes>
        </SessionStart>
      </ProductPreviewLoaderContext.Provider>
    </Provider>
  );
}
