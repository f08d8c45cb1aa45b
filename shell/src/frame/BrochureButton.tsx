import styled from 'styled-components';
import { DownloadIcon, theme } from '@site/shared-ui';
import { brochurePath } from '@site/content';
import { useText } from '../i18n/useText';

const { edge, chatButton, iconButton, gap } = theme.floating;

// Logical properties throughout (inset-inline-*), so the controls mirror on a right-to-left page.
const Link = styled.a`
  position: fixed;
  inset-inline-start: 16px;
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

  /* A phone: a round icon button beside the chat button, in the same corner (theme.floating), centred on it. Where the
     chat button will be is known from the first paint, so nothing moves when the chat arrives after the page load. */
  @media (max-width: ${theme.chatMobile}px) {
    inset-inline-start: auto;
    inset-inline-end: ${edge + chatButton + gap}px;
    bottom: calc(${edge + (chatButton - iconButton) / 2}px + env(safe-area-inset-bottom, 0px));
    justify-content: center;
    width: ${iconButton}px;
    height: ${iconButton}px;
    min-height: 0;
    padding: 0;
    svg { width: 22px; height: 22px; }
  }
`;

/** The words: on a phone read by screen readers only, so the icon button keeps the name 'Download Brochure'. */
const Label = styled.span`
  @media (max-width: ${theme.chatMobile}px) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

/**
 * 'Download Brochure' on every page: the catalogue and company profile PDF from the site root. The PDF is in English
 * only: the Arabic label says so, and the link names the file's language (hreflang).
 */
export function BrochureButton() {
  const text = useText();
  return (
    // In a landmark of its own, so screen-reader users find it like the rest of the page.
    <aside aria-label={text('brochure.region')}>
      <Link href={brochurePath()} hrefLang="en" download>
        <DownloadIcon size={18} /> <Label>{text('brochure.download')}</Label>
      </Link>
    </aside>
  );
}
