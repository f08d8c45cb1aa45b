import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Trans } from '@lingui/react';
import { PhoneIcon, theme, Tooltip } from '@site/shared-ui';
// The record itself, read field by field: webpack then bundles only the fields the frame draws (@site/content's
// `company` is the whole record, its tagline, postal address and the rest on every page).
import company from '@site/content/data/company.json';
import { useText } from '../i18n/useText';
import { tightestHeader } from './headerBands';
import { earlyControl } from '@site/contracts/dom-ids';

/** Spec: the tooltip reads 'Copied' for 3 s after a copy. */
export const COPIED_FOR_MS = 3000;

const telHref = `tel:${company.mainPhone.replace(/[^+\d]/g, '')}`;

const CallButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 8px 16px;
  border: 2px solid ${({ theme }) => theme.colors.brand};
  border-radius: 999px;
  color: ${({ theme }) => theme.colors.brand};
  background: transparent;
  font: inherit;
  font-weight: 700;
  white-space: nowrap;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.brandLight}; }
  ${tightestHeader} { padding: 8px 12px; font-size: 14px; }
`;

/** On a phone-sized screen only; the copy button elsewhere. */
const DialLink = styled.a`
  display: none;
  @media (max-width: ${theme.chatMobile}px) { display: inline-flex; }
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.onBrand};
  background: ${({ theme }) => theme.colors.brand};
`;

/** The copy button's tooltip anchor, itself the header's item (no wrapper: one element less on every page). */
const CopyTooltip = styled(Tooltip)`
  @media (max-width: ${theme.chatMobile}px) { display: none; }
`;

/**
 * 'Call Us': dials the Dubai number on a phone-sized screen, copies it to the clipboard elsewhere. Both are in the
 * page and CSS shows one: the server cannot know the screen size, and switching after the page started would move
 * the header (CLS).
 */
export function CallUsButton() {
  const text = useText();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(company.mainPhone);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    } catch (error) {
      // Spec: a clipboard failure is only logged; the number stays readable in the tooltip.
      console.warn('Could not copy the phone number to the clipboard.', error);
    }
  };

  return (
    <>
      <DialLink href={telHref} aria-label={text('callUs.dial', { phone: company.mainPhone })}>
        <PhoneIcon size={22} />
      </DialLink>
      <CopyTooltip
        shown={copied}
        title={
          // The number reads left to right inside Arabic text too (bidi isolation).
          copied ? (
            text('callUs.copied')
          ) : (
            <Trans id="callUs.copy" values={{ phone: company.mainPhone }} components={{ 0: <bdi dir="ltr" /> }} />
          )
        }
      >
        <CallButton type="button" {...earlyControl('frame')} onClick={() => void copy()}>
          <PhoneIcon size={18} /> {text('callUs.button')}
        </CallButton>
      </CopyTooltip>
    </>
  );
}
