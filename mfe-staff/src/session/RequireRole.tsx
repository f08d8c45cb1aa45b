import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageContainer } from '@site/shared-ui';
import { canEditCatalogue, canReadInbox, canRelease, type StaffAccountSummary } from '@site/contracts/staff-api';
import { useStaffSelector } from '../app/store';
import { PageHeading } from '../ui/PageHeading';
import { Notice } from '../ui/Notice';
import { selectAccount } from './sessionSlice';

/** Where a signed-in account starts: the catalogue role works on the catalogue only, everyone else in the inbox. */
export const CATALOGUE_ROUTE = '/catalogue';
/** The releases console: the release role's only page. */
export const RELEASES_ROUTE = '/releases';

/** The page an account without the inbox works on: the releases console for the release role, else the catalogue. */
export const workPathOf = (account: Pick<StaffAccountSummary, 'role'>): string =>
  account.role === 'release' ? RELEASES_ROUTE : CATALOGUE_ROUTE;

/**
 * The inbox's pages: the catalogue role may not read them (the server answers 403), so it is sent to the catalogue
 * instead; that is also where it lands after sign-in, whose default next page is the inbox.
 */
export function RequireInbox({ children }: { children: ReactNode }) {
  const account = useStaffSelector(selectAccount);
  if (account !== null && !canReadInbox(account)) return <Navigate to={workPathOf(account)} replace />;
  return children;
}

/** The catalogue editor's pages: administrators and the catalogue role (the server refuses others with 403 anyway). */
export function RequireCatalogueEditor({ title, children }: { title: string; children: ReactNode }) {
  const account = useStaffSelector(selectAccount);
  if (account !== null && canEditCatalogue(account)) return children;
  return (
    <PageContainer>
      <PageHeading title={title} />
      <Notice>Only administrators and catalogue editors can open this page.</Notice>
    </PageContainer>
  );
}

/** The releases console: administrators (every remote) and the release role (its own remotes). */
export function RequireReleaser({ children }: { children: ReactNode }) {
  const account = useStaffSelector(selectAccount);
  if (account !== null && canRelease(account)) return children;
  return (
    <PageContainer>
      <PageHeading title="Releases" />
      <Notice>Only administrators and release staff can open this page.</Notice>
    </PageContainer>
  );
}
