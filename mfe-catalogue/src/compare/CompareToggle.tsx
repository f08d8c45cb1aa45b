import styled from 'styled-components';
import { VisuallyHidden } from '@site/shared-ui';
import { useAppDispatch, useAppSelector } from '@site/shared-store';
import { COMPARE_MAX } from '@site/contracts/compare-view';
import { Rich } from '../i18n/Rich';
import { compareToggled, selectCompareIds } from './compareSelectionSlice';

const Label = styled.label<{ $inCard: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 32px;
  font-size: ${({ theme }) => theme.typeScale.sm};
  cursor: pointer;
  input { width: 18px; height: 18px; margin: 0; accent-color: ${({ theme }) => theme.colors.brand}; }
  &:has(input:disabled) { cursor: default; color: ${({ theme }) => theme.colors.textMuted}; }
  ${({ $inCard }) => ($inCard ? 'padding: 0 16px 12px;' : '')}
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
 * heard: several boxes on one page. Once COMPARE_MAX are picked, the others wait.
 */
export function CompareToggle({ id, name, inCard = false, className }: CompareToggleProps) {
  const dispatch = useAppDispatch();
  const ids = useAppSelector(selectCompareIds);
  const picked = ids.includes(id);
  return (
    <Label className={className} $inCard={inCard}>
      <input
        type="checkbox"
        checked={picked}
        disabled={!picked && ids.length >= COMPARE_MAX}
        onChange={(event) => dispatch(compareToggled({ id, picked: event.target.checked }))}
      />
      {/* straight in the label, no span around it: one element fewer a card */}
      <Rich id="catalogue.compare.toggle" values={{ name }} components={{ 0: <VisuallyHidden /> }} />
    </Label>
  );
}
