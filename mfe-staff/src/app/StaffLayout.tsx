import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@site/shared-ui';
import { canEditCatalogue, canReadInbox, canRelease, type StaffAccountSummary } from '@site/contracts/staff-api';
import { useStaffDispatch, useStaffSelector } from './store';
import { selectAccount, signOut } from '../session/sessionSlice';
import { ROLE_LABELS } from '../ui/labels';
import { Brand, MAIN_ID, SkipToMain, TopBar } from '../ui/Frame';
import { HOME_ROUTE } from '../session/returnPath';
import { StockFeedWarning } from '../stock/StockFeedWarning';

const Nav = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 12px;
    border-radius: ${({ theme }) => theme.radius.sm};
    text-decoration: none;
    font-weight: 600;
  }
  a:hover { background: ${({ theme }) => theme.colors.hoverOnBrand}; }
  a[aria-current='page'] { text-decoration: underline; text-underline-offset: 6px; text-decoration-thickness: 3px; }
`;

const Account = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-inline-start: auto;
  color: ${({ theme }) => theme.colors.onBrandMuted};
  font-size: ${({ theme }) => theme.typeScale.sm};
  /* who is signed in opens their account page: the bar's colour, underlined as a link, a 44 px target */
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    color: inherit;
    text-decoration: underline;
  }
`;

const SignOutButton = styled(Button)`
  color: ${({ theme }) => theme.colors.onBrand};
  border-color: ${({ theme }) => theme.colors.onBrand};
  background: transparent;
  &:hover { background: ${({ theme }) => theme.colors.hoverOnBrand}; }
`;

interface NavItem {
  to: string;
  label: string;
  /** Whether the account's role may open it (the server refuses the others' calls with 403). */
  shownTo: (account: StaffAccountSummary) => boolean;
}

const isAdmin = (account: StaffAccountSummary) => account.role === 'admin';

const NAV_ITEMS: NavItem[] = [
  { to: '/inbox', label: 'Inbox', shownTo: canReadInbox },
  { to: '/orders', label: 'Orders', shownTo: canReadInbox },
  { to: '/expiring-quotations', label: 'Expiring quotations', shownTo: canReadInbox },
  { to: '/reviews', label: 'Reviews', shownTo: isAdmin },
  { to: '/catalogue', label: 'Catalogue', shownTo: canEditCatalogue },
  { to: '/releases', label: 'Releases', shownTo: (account) => canRelease(account) },
  { to: '/stock-feeds', label: 'Stock feeds', shownTo: isAdmin },
  { to: '/rates', label: 'Rates and VAT', shownTo: isAdmin },
  { to: '/settings', label: 'Settings', shownTo: isAdmin },
  { to: '/audit', label: 'Audit log', shownTo: isAdmin },
];

/** The signed-in pages' frame: the staff app's name, its sections, who is signed in, and the sign-out button. */
export function StaffLayout() {
  const dispatch = useStaffDispatch();
  const account = useStaffSelector(selectAccount);
  const { pathname } = useLocation();

  // A navigation inside the app moves the focus to the new page's heading, as a page load would start at its top.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    document.querySelector<HTMLElement>(`#${MAIN_ID} h1`)?.focus();
  }, [pathname]);

  return (
    <>
      <SkipToMain />
      <TopBar>
        <Brand>Crescent Electrical Trading · Staff</Brand>
        <Nav aria-label="Staff sections">
          <ul>
            {NAV_ITEMS.filter((item) => account !== null && item.shownTo(account)).map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={pathname === item.to || pathname.startsWith(`${item.to}/`) ? 'page' : undefined}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </Nav>
        <Account>
          {account ? (
            <Link to="/account" aria-current={pathname === '/account' ? 'page' : undefined}>
              {account.email} ({ROLE_LABELS[account.role]}
              {account.branch ? `, ${account.branch}` : ''}
              {account.remotes ? `, ${account.remotes.join(', ')}` : ''})
            </Link>
          ) : null}
          <SignOutButton type="button" onClick={() => void dispatch(signOut())}>
            Sign out
          </SignOutButton>
        </Account>
      </TopBar>
      <main id={MAIN_ID}>
        {/* the home tells the admins when the ERP's stock feed is late */}
        {pathname === HOME_ROUTE && account !== null && isAdmin(account) ? <StockFeedWarning /> : null}
        <Outlet />
      </main>
    </>
  );
}
