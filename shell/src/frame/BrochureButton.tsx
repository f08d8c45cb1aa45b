import styled from 'styled-components';
import { DownloadIcon } from '@site/shared-ui';
import { brochurePath } from '@site/content';

const Link = styled.a`
  position: fixed;
  left: 16px;
  bottom: 20px;
  z-index: 800;
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 10px 18px;
  border-radius: 999px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.accent};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  font-weight: 700;
  text-decoration: none;
  &:hover { filter: brightness(1.05); }
`;

/** 'Download Brochure' on every page: the catalogue and company profile PDF from the site root. */
export function BrochureButton() {
  return (
    // In a landmark of its own, so screen-reader users find it like the rest of the page.
    <aside aria-label="Brochure">
      <Link href={brochurePath()} download>
        <DownloadIcon size={18} /> Download Brochure
      </Link>
    </aside>
  );
}
