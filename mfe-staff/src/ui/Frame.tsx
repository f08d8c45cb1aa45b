import type { ReactNode } from 'react';
import styled from 'styled-components';

/** The id of the staff pages' <main> (the skip link's target). */
export const MAIN_ID = 'staff-main';

export const TopBar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 24px;
  padding: 8px 20px;
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.onBrand};
  a { color: ${({ theme }) => theme.colors.onBrand}; }
`;

export const Brand = styled.p`
  margin: 0;
  min-height: 44px;
  display: flex;
  align-items: center;
  font-weight: 700;
`;

const SkipLink = styled.a`
  position: absolute;
  inset-inline-start: 8px;
  top: -100px;
  z-index: 10;
  padding: 12px 16px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.brand};
  &:focus { top: 8px; }
`;

export function SkipToMain() {
  return <SkipLink href={`#${MAIN_ID}`}>Skip to main content</SkipLink>;
}

/** The frame of the pages before sign-in (and of the start-up): the name, and the page as the main landmark. */
export function BareFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipToMain />
      <TopBar>
        <Brand>Crescent Electrical Trading · Staff</Brand>
      </TopBar>
      <main id={MAIN_ID}>{children}</main>
    </>
  );
}
