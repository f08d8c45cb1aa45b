// The catalogue list's bulk edit: what to change of the products chosen (their prices by a percentage or an amount,
// their sizes' pack quantity, their category, their brand, their sizes published or withdrawn), sent to be checked
// first. The check is a job whose page shows what would change, size by size by code, and offers "Apply this edit".
// An empty field changes nothing.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@site/shared-ui';
import type { BulkChanges, BulkSelection } from '@site/contracts/staff-catalogue-api';
import { newIdempotencyKey } from '../../api/idempotencyKey';
import { Notice } from '../../ui/Notice';
import { Actions, FieldRow, StaffField } from '../../ui/StaffField';
import { useBulkEditMutation } from '../catalogueApi';
import { importJobPath, refusalOf } from '../catalogueCalls';
import { CategoryOptionList } from '../categories/CategoryOptionList';

const Panel = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
  margin: 16px 0 24px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  h2 { margin: 0; font-size: 1.125rem; }
`;

const CheckLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  font-weight: 600;
  input { width: 20px; height: 20px; }
`;

type PriceBy = '' | 'percent' | 'amount';
type Publish = '' | 'publish' | 'withdraw';

/** The form's values as the edit's changes: an empty field is no change ('none' clears the pack quantity). */
export function changesOf(form: {
  priceBy: PriceBy;
  priceValue: string;
  pack: string;
  category: string;
  brand: string;
  publish: Publish;
}): BulkChanges {
  const pack = form.pack.trim();
  return {
    ...(form.priceBy === '' ? {} : { price: { by: form.priceBy, value: form.priceValue.trim() } }),
    ...(pack === '' ? {} : { packQuantity: pack.toLowerCase() === 'none' ? '' : pack }),
    ...(form.category === '' ? {} : { categoryId: form.category }),
    ...(form.brand.trim() === '' ? {} : { brand: form.brand.trim() }),
    ...(form.publish === '' ? {} : { published: form.publish === 'publish' }),
  };
}

export function BulkEditPanel({
  selection,
  chosen,
  categories,
}: {
  selection: BulkSelection;
  /** What is chosen, in words ("3 products chosen"). */
  chosen: string;
  categories: readonly { id: string; title: string }[];
}) {
  const navigate = useNavigate();
  const [bulkEdit, { isLoading }] = useBulkEditMutation();
  const [key, setKey] = useState(newIdempotencyKey);
  const [priceBy, setPriceBy] = useState<PriceBy>('');
  // every result of a search: its sizes alone may be edited (the search "HEX-CW-2": sizes 20S, 20 and 25)
  const search = 'query' in selection ? selection.query.q : undefined;
  const [onlyMatching, setOnlyMatching] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);

  const check = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => {
      const entry = data.get(name);
      return typeof entry === 'string' ? entry : '';
    };
    const changes = changesOf({
      priceBy,
      priceValue: value('priceValue'),
      pack: value('pack'),
      category: value('category'),
      brand: value('brand'),
      publish: value('publish') as Publish,
    });
    setRefusal(undefined);
    if (Object.keys(changes).length === 0) {
      setRefusal('Choose at least one change: price, pack, category, brand, or published.');
      return;
    }
    try {
      const sent = 'query' in selection && onlyMatching ? { ...selection, onlyMatchingSizes: true } : selection;
      const job = await bulkEdit({ body: { selection: sent, changes }, dryRun: true, idempotencyKey: key }).unwrap();
      void navigate(importJobPath(job.id));
    } catch (error) {
      // refused: nothing was made, and the edit sent again (changed) is another
      setKey(newIdempotencyKey());
      setRefusal(refusalOf(error).message);
    }
  };

  return (
    <Panel aria-labelledby="bulk-edit-heading" onSubmit={(event) => void check(event)}>
      <h2 id="bulk-edit-heading">Bulk edit</h2>
      <p>
        {`${chosen} ${search !== undefined && onlyMatching ? `Only their sizes whose code or part number holds “${search}” are changed.` : 'Every size of each product is changed.'} Nothing is written until you apply the checked edit.`}
      </p>
      {search === undefined ? null : (
        <CheckLabel>
          <input
            type="checkbox"
            name="onlyMatchingSizes"
            checked={onlyMatching}
            onChange={(event) => setOnlyMatching(event.target.checked)}
          />
          {`Only the sizes whose code or part number holds “${search}”`}
        </CheckLabel>
      )}
      <FieldRow>
        <StaffField label="Change prices by">
          {(control) => (
            <select
              {...control}
              name="priceBy"
              value={priceBy}
              onChange={(event) => setPriceBy(event.target.value as PriceBy)}
            >
              <option value="">No change</option>
              <option value="percent">A percentage (%)</option>
              <option value="amount">An amount (AED)</option>
            </select>
          )}
        </StaffField>
        <StaffField label="Price change" hint="Up, or down with a minus: 5, or -2.5. Rounded to the fils.">
          {(control) => (
            <input
              {...control}
              type="text"
              name="priceValue"
              inputMode="decimal"
              maxLength={12}
              disabled={priceBy === ''}
              required={priceBy !== ''}
            />
          )}
        </StaffField>
        <StaffField label="Pack quantity" hint="Empty: no change. none: no pack quantity.">
          {(control) => <input {...control} type="text" name="pack" maxLength={9} />}
        </StaffField>
      </FieldRow>
      <FieldRow>
        <StaffField label="Move to category">
          {(control) => (
            <select {...control} name="category" defaultValue="">
              <option value="">No change</option>
              <CategoryOptionList categories={categories} />
            </select>
          )}
        </StaffField>
        <StaffField label="Set the brand" hint="Empty: no change.">
          {(control) => <input {...control} type="text" name="brand" maxLength={200} />}
        </StaffField>
        <StaffField label="Sizes published">
          {(control) => (
            <select {...control} name="publish" defaultValue="">
              <option value="">No change</option>
              <option value="publish">Publish</option>
              <option value="withdraw">Withdraw</option>
            </select>
          )}
        </StaffField>
      </FieldRow>
      <Actions>
        <Button type="submit" disabled={isLoading}>
          Check the edit
        </Button>
      </Actions>
      <Notice tone="error">{refusal}</Notice>
    </Panel>
  );
}
