import {
  startTransition,
  useCallback,
  useRef,
  useState,
  type CSSProperties,
  type FormEvent,
  type MouseEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { Link, useHref, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { MenuIcon, SearchIcon, theme, IconButton } from '@site/shared-ui';
import { drawerOpened, useAppDispatch } from '@site/shared-store';
import { menu } from '@site/content';
import { CallUsButton } from './CallUsButton';
import { MobileDrawer } from './MobileDrawer';
import { preloadSearchDialog, SearchDialog } from './SearchDialog';
import { LanguageSwitch } from './LanguageSwitch';
import { QuoteBasketButton } from './quote-basket/QuoteBasketButton';
import { menuTextId } from './menuText';
import { tightestHeader, tightHeader } from './headerBands';
import { HOME_PATH } from '@site/contracts/paths';
import { siteRouteUrl } from '@site/contracts/routes';
import { EARLY_SHOW_ATTRIBUTE, earlyControl } from '@site/contracts/dom-ids';
import { useText } from '../i18n/useText';

const wide = `@media (min-width: ${theme.wideNav + 1}px)`;

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 8px 20px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 1px 0 ${({ theme }) => theme.colors.border};
  ${tightHeader} { gap: 12px; }
  ${tightestHeader} { gap: 8px; padding: 8px 12px; }
`;

/** The logo gives way first when the row is short of room, down to a size that still reads. */
const LogoLink = styled(Link)`
  flex: 0 1 180px;
  min-width: 112px;
  img { width: 100%; height: auto; }
`;

const Nav = styled.nav`
  display: none;
  flex-shrink: 0;
  margin-inline-start: auto;
  ul { display: flex; gap: 2px; margin: 0; padding: 0; list-style: none; }
  ${wide} { display: block; }
`;

const NavItem = styled(Link)<{ $active: boolean }>`
  display: inline-block;
  padding: 10px 10px;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-weight: 600;
  white-space: nowrap;
  text-decoration: none;
  color: ${({ $active, theme }) => ($active ? theme.colors.surface : theme.colors.brand)};
  background: ${({ $active, theme }) => ($active ? theme.colors.brand : 'transparent')};
  ${tightHeader} { padding: 10px 8px; }
  ${tightestHeader} { padding: 10px 5px; font-size: 13px; }
`;

/** The header's buttons, in the search's form: its submit button is the search button (no element more on any page). */
const Actions = styled.form`
  display: flex;
  flex-shrink: 0;
  align-items: center;
  gap: 8px;
  margin-inline-start: auto;
  ${wide} { margin-inline-start: 0; }
  ${tightestHeader} { gap: 4px; }
`;

/** Above phone width only; on a phone the drawer has it (MobileDrawer). */
const HeaderLanguageSwitch = styled(LanguageSwitch)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 10px;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-weight: 600;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.brand};
  white-space: nowrap;
  &:hover { background: ${({ theme }) => theme.colors.brandLight}; }
  @media (max-width: ${theme.chatMobile}px) { display: none; }
  ${tightestHeader} { padding: 0 6px; font-size: 14px; }
`;

/**
 * The search's own field, under the header: shown at once by a tap on the search button (by the page's inline script
 * before the shell has started), so that what is typed while the catalogue's search opens is kept; the search takes
 * it over (SearchModalProps.typedText). Where no script runs, the button sends the header's form: the search page.
 * Styled in its attribute: a rule of its own would count on every page's first view (tests/budgets/first-view.json).
 */
const SEARCH_FIELD_STYLE: CSSProperties = {
  position: 'absolute',
  top: '100%',
  insetInline: 12,
  minHeight: 48,
  padding: '10px 14px',
  border: `2px solid ${theme.colors.brand}`,
  borderRadius: theme.radius.md,
  background: theme.colors.surface,
  font: 'inherit',
};

/** The id of the header's search field: the search button shows it (EARLY_SHOW_ATTRIBUTE) before the shell starts. */
export const SEARCH_FIELD_ID = 'site-search';

const MenuButton = styled(IconButton)`
  ${wide} { display: none; }
`;

/** Spec: a link is highlighted when the current path contains its route. */
export const isHighlighted = (pathname: string, route: string): boolean => pathname.includes(route);

/** Logo, navigation (wide screens) or menu button (narrow), language switch, search, the quote basket and Call Us. */
export function Header() {
  const text = useText();
  const siteName = text('site.name');
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const searchPath = siteRouteUrl('search');
  const searchAction = useHref(searchPath);
  const [searchOpen, setSearchOpen] = useState(false);
  const [fieldShown, setFieldShown] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const openSearch = (event: MouseEvent<HTMLButtonElement>) => {
    // Enter in the field shown clicks this button (the form's default): the form's submission then (submitSearch).
    if (fieldShown && document.activeElement === field.current) return;
    event.preventDefault(); // the button sends the header's form only where no script runs
    preloadSearchDialog();
    // The field first, in this same frame, focused: what is typed from now on is kept until the search has opened.
    flushSync(() => setFieldShown(true));
    field.current?.focus();
    // A transition: the click's frame is drawn first, and the modal in the render after it, which would otherwise
    // hold the click's paint for its whole first drawing.
    startTransition(() => setSearchOpen(true));
  };
  /** What was typed in the header's field, handed to the search as it takes the focus; the field hides and empties. */
  const takeTypedText = useCallback(() => {
    const typed = field.current?.value ?? '';
    if (field.current) field.current.value = '';
    setFieldShown(false);
    return typed;
  }, []);
  const closeSearch = useCallback(() => {
    setSearchOpen(false);
    setFieldShown(false);
  }, []);
  // Enter in the field before the search has opened: the search page, by the router.
  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = takeTypedText().trim();
    setSearchOpen(false);
    void navigate(typed === '' ? searchPath : `${searchPath}?${new URLSearchParams({ q: typed }).toString()}`);
  };
  return (
    <Bar>
      <LogoLink to={HOME_PATH} aria-label={text('header.homeLink', { name: siteName })}>
        <img src="/images/logo.svg" alt={siteName} width={180} height={42} />
      </LogoLink>
      <Nav aria-label={text('header.mainNav')}>
        <ul>
          {menu
            .filter((item) => item.inHeader)
            .map((item) => (
              <li key={item.id}>
                <NavItem
                  to={item.path}
                  $active={isHighlighted(pathname, item.path)}
                  aria-current={isHighlighted(pathname, item.path) ? 'page' : undefined}
                >
                  {text(menuTextId(item))}
                </NavItem>
              </li>
            ))}
        </ul>
      </Nav>
      <Actions action={searchAction} method="get" onSubmit={submitSearch}>
        <HeaderLanguageSwitch />
        <input
          style={SEARCH_FIELD_STYLE}
          ref={field}
          id={SEARCH_FIELD_ID}
          type="search"
          name="q"
          enterKeyHint="search"
          autoComplete="off"
          aria-label={text('header.search')}
          hidden={!fieldShown}
        />
        <IconButton
          type="submit"
          aria-label={text('header.search')}
          aria-haspopup="dialog"
          {...earlyControl('frame')}
          {...{ [EARLY_SHOW_ATTRIBUTE]: SEARCH_FIELD_ID }}
          onPointerEnter={preloadSearchDialog}
          onPointerDown={preloadSearchDialog}
          onFocus={preloadSearchDialog}
          onClick={openSearch}
        >
          <SearchIcon />
        </IconButton>
        <QuoteBasketButton />
        <CallUsButton />
        <MenuButton
          type="button"
          aria-label={text('header.openMenu')}
          aria-haspopup="dialog"
          {...earlyControl('frame')}
          onClick={() => dispatch(drawerOpened())}
        >
          <MenuIcon />
        </MenuButton>
      </Actions>
      <MobileDrawer />
      <SearchDialog open={searchOpen} onClose={closeSearch} typedText={takeTypedText} />
    </Bar>
  );
}
