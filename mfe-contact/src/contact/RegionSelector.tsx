import styled from 'styled-components';
import type { Branch, BranchId } from '@site/content';
import { useText } from '../i18n/useText';
import { earlyControl } from '@site/contracts/dom-ids';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-block-end: 24px;
`;

const Choice = styled.button<{ $selected: boolean }>`
  min-height: 44px;
  padding: 10px 16px;
  border: 2px solid ${({ theme }) => theme.colors.brand};
  border-radius: ${({ theme }) => theme.radius.sm};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  color: ${({ $selected, theme }) => ($selected ? theme.colors.onBrand : theme.colors.brand)};
  background: ${({ $selected, theme }) => ($selected ? theme.colors.brand : 'transparent')};
`;

export interface RegionSelectorProps {
  /** In the page's language. */
  branches: Branch[];
  selected: BranchId;
  onSelect: (id: BranchId) => void;
}

/** The four regions as toggle buttons; the pressed one is the branch shown. */
export function RegionSelector({ branches, selected, onSelect }: RegionSelectorProps) {
  const text = useText();
  return (
    <Group role="group" aria-label={text('contact.chooseRegion')}>
      {branches.map((branch) => (
        <Choice
          key={branch.id}
          type="button"
          {...earlyControl('page')}
          aria-pressed={branch.id === selected}
          $selected={branch.id === selected}
          onClick={() => onSelect(branch.id)}
        >
          {branch.label}
        </Choice>
      ))}
    </Group>
  );
}
