import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '@site/shared-store';
import { COMPARE_MAX } from '@site/contracts/compare-view';
import { earlyControl } from '@site/contracts/dom-ids';
import { useText } from '../i18n/useText';
import { compareToggled, selectCompareIds } from './compareSelectionSlice';

const Box = styled.button<{ $inCard: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 32px;
  padding: ${({ $inCard }) => ($inCard ? '0 16px 12px' : '0')};
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  font-size: ${({ theme }) => theme.typeScale.sm};
  cursor: pointer;
  ${({ theme, disabled }) => (disabled ? `cursor: default; color: ${theme.colors.textMuted};` : '')}
  /* the box, drawn: the control is one element (a checkbox, its label and its words were three); ticked, it fills */
  &::before {
    content: '';
    inline-size: 18px;
    block-size: 18px;
    box-sizing: border-box;
    border: 2px solid ${({ theme }) => theme.colors.textMuted};
    border-radius: 3px;
  }
  &[aria-checked='true']::before { border-color: ${({ theme }) => theme.colors.brand}; background: ${({ theme }) => theme.colors.brand}; box-shadow: inset 0 0 0 3px #fff; }
`;

export interface CompareToggleProps {
  id: string;
  name: string;
  /** Under a card's text (a listing's, a search result's): inset like the text (its own rule, not a wrapper's). */
  inCard?: boolean;
  className?: string;
}

/**
 * "Compare <name>": picks the product for the comparison (the tray counts the picks). 'Compare' in sight, the name
 * heard too (several boxes on one page; the words in sight begin the name, WCAG 2.5.3 Label in Name). One element, a
 * button that is a checkbox to assistive technology (Space and Enter tick it). Once COMPARE_MAX are picked, the others
 * wait.
 */
export function CompareToggle({ id, name, inCard = false, className }: CompareToggleProps) {
  const text = useText();
  const dispatch = useAppDispatch();
  // What this box shows, not the whole list: a pick re-renders the boxes whose state changes, not every card's.
  const picked = useAppSelector((state) => selectCompareIds(state).includes(id));
  const full = useAppSelector((state) => selectCompareIds(state).length >= COMPARE_MAX);
  return (
    <Box
      type="button"
      role="checkbox"
      aria-checked={picked}
      aria-label={text('catalogue.compare.toggleNamed', { name })}
      className={className}
      $inCard={inCard}
      disabled={!picked && full}
      {...earlyControl('page')}
      onClick={() => dispatch(compareToggled({ id, picked: !picked }))}
    >
      {text('catalogue.compare.toggle')}
    </Box>
  );
}
