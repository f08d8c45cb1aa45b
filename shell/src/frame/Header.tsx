import { Link, NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '@site/shared-ui';
import { company, menu } from '@site/content';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  display: flex;
  align-items: center;
  gap: 24px;
  padding: 8px 20px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 1px 0 ${({ theme }) => theme.colors.border};
`;

const Nav = styled.nav`
  margin-left: auto;
  ul { display: flex; gap: 4px; margin: 0; padding: 0; list-style: none; }
  @media (max-width: ${theme.wideNav}px) { display: none; }
`;

const NavItem = styled(NavLink)<{ $active: boolean }>`
  display: inline-block;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-weight: 600;
  text-decoration: none;
  color: ${({ $active, theme }) => ($active ? theme.colors.surface : theme.colors.brand)};
  background: ${({ $active, theme }) => ($active ? theme.colors.brand : 'transparent')};
`;

/** The site header: logo home and the navigation links (wide screens). */
export function Header() {
  const { pathname } = useLocation();
  return (
    <Bar>
      <Link to="/home" aria-label={`${company.name}: home`}>
        <img src="/images/logo.svg" alt={company.name} width={180} height={42} />
      </Link>
      <Nav aria-label="Main">
        <ul>
          {menu
            .filter((item) => item.inHeader)
            .map((item) => (
              <li key={item.id}>
                {/* Highlighted when the current path contains the item's route (spec). */}
                <NavItem to={item.path} $active={pathname.includes(item.path)}>
                  {item.name}
                </NavItem>
              </li>
            ))}
        </ul>
      </Nav>
    </Bar>
  );
}
