import { memo, useCallback } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { CloseIcon, Drawer, IconButton, theme } from '@site/shared-ui';
import { drawerClosed, selectDrawerOpen, useAppDispatch, useAppSelector } from '@site/shared-store';
import { menu } from '@site/content';
import { useAfterPageLoad } from './useAfterPageLoad';
import { LanguageSwitch } from './LanguageSwitch';
import { menuTextId } from './menuText';
import { useText } from '../i18n/useText';

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 12px;
`;

/** On a phone only: wider, the header shows the switch itself. */
const DrawerLanguageSwitch = styled(LanguageSwitch)`
  display: none;
  @media (max-width: ${theme.chatMobile}px) { display: block; }
  margin-top: 12px;
  padding: 14px 8px;
  color: ${({ theme }) => theme.colors.brand};
  font-weight: 600;
  text-decoration: none;
`;

const Items = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: block;
    padding: 14px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.brand};
    font-weight: 600;
    text-decoration: none;
  }
`;

/** The drawer's contents. Memoised: opening and closing the drawer does not draw them again. */
const MenuContents = memo(function MenuContents({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const text = useText();
  return (
    <>
      <Top>
        <img src="/images/logo.svg" alt={text('site.name')} width={180} height={42} />
        <IconButton type="button" aria-label={text('drawer.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Top>
      <nav aria-label={text('drawer.label')}>
        <Items>
          {menu.map((item) => (
            <li key={item.id}>
              <Link
                to={item.path}
                onClick={(event) => {
                  // Close first, then navigate, so focus is not handed back to a button on the old page.
                  event.preventDefault();
                  onClose();
                  void navigate(item.path);
                }}
              >
                {text(menuTextId(item))}
              </Link>
            </li>
          ))}
        </Items>
      </nav>
      <DrawerLanguageSwitch />
    </>
  );
});

/**
 * The narrow-screen menu: logo, every menu item (Career Opportunities included) and, on a phone, the language switch.
 * Drawn hidden once the page is idle, so that the menu button only has to show it.
 */
export function MobileDrawer() {
  const open = useAppSelector(selectDrawerOpen);
  const prepared = useAfterPageLoad();
  const dispatch = useAppDispatch();
  const close = useCallback(() => dispatch(drawerClosed()), [dispatch]);
  const text = useText();
  return (
    <Drawer open={open} onClose={close} label={text('drawer.label')} prepared={prepared}>
      <MenuContents onClose={close} />
    </Drawer>
  );
}
