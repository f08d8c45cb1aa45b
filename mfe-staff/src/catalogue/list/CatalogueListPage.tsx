import { useEffect, useMemo, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, LoadError, PageContainer, Spinner, useAddressQuery } from '@site/shared-ui';
import { useCatalogueProductsQuery } from '../../api/staffApi';
import {
  EDITOR_STATUSES,
  type EditorProductSummary,
  type EditorSort,
  type EditorSortColumn,
  type EditorStatus,
} from '@site/contracts/staff-catalogue-api';
import { useCategoryOptions } from '../categories/useCategoryOptions';
import { PageHeading } from '../../ui/PageHeading';
import { FilterSearchRow } from '../../ui/FilterSearchRow';
import { FieldRow, FilterForm, StaffField } from '../../ui/StaffField';
import { KeysetPager, useKeysetTrail } from '../../ui/Pager';
import { Table } from '../../ui/Table';
import { formatDateTime } from '../../ui/format';
import { searchText } from '../../ui/searchText';
import { staffResource } from '../../ui/staffResource';
import { VisibleText } from '../../ui/VisibleText';
import {
  CATALOGUE_FILE_PATH,
  CATEGORIES_PATH,
  editPath,
  MISSING_ARABIC_PATH,
  NEW_PRODUCT_PATH,
} from '../catalogueCalls';
import { listQueryFromSearch, listSearch, type ListQuery } from './listQuery';
import { UpcomingSchedules } from './UpcomingSchedules';
import { BulkEditPanel } from './BulkEditPanel';
import { selectionOf, useBulkChoice } from './bulkChoice';
import { CategoryOptionList } from '../categories/CategoryOptionList';

/** Products a bulk edit cannot change: not in the catalogue (a new draft alone, or archived). */
const notEditableInBulk = (status: EditorStatus) => status === 'new' || status === 'archived';

export const EDITOR_STATUS_LABELS: Record<EditorStatus, string> = {
  published: 'Published',
  draft: 'Draft pending',
  new: 'New draft',
  archived: 'Archived',
};

const CheckLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  font-weight: 600;
  input { width: 20px; height: 20px; }
`;

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-height: 44px;
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  font-weight: 600;
  color: inherit;
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; outline-offset: 2px; }
`;

const ChoiceRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 16px;
  margin-bottom: 8px;
`;

/** A row's tick box, as large as a finger needs. */
const ChoiceBox = styled.input`
  width: 20px;
  height: 20px;
  margin: 12px;
`;

const LinkRow = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 24px;
`;

/** The sortable columns' headings. */
const SORT_HEADINGS: Record<EditorSortColumn, string> = {
  name: 'Name',
  code: 'Code',
  price: 'Price',
  sizes: 'Sizes',
  changed: 'Last change',
};

/** A product's price range: one price when its variants' are all one, nothing when none has a price (AED). */
export function priceRange({ priceLow, priceHigh }: Pick<EditorProductSummary, 'priceLow' | 'priceHigh'>): string {
  if (priceLow === null || priceHigh === null) return '';
  return priceLow === priceHigh ? `${priceLow} AED` : `${priceLow}–${priceHigh} AED`;
}

/**
 * A column heading that sorts the list by its column: ascending first, descending when it is already ascending; its
 * aria-sort says the order it shows.
 */
function SortHeading({
  column,
  sort,
  onSort,
}: {
  column: EditorSortColumn;
  sort: EditorSort | undefined;
  onSort: (sort: EditorSort) => void;
}) {
  const order = sort === `${column}-asc` ? 'ascending' : sort === `${column}-desc` ? 'descending' : undefined;
  return (
    <th scope="col" aria-sort={order ?? 'none'}>
      <SortButton type="button" onClick={() => onSort(order === 'ascending' ? `${column}-desc` : `${column}-asc`)}>
        {SORT_HEADINGS[column]}
        <span aria-hidden="true">{order === 'ascending' ? ' ▲' : order === 'descending' ? ' ▼' : ''}</span>
      </SortButton>
    </th>
  );
}

/**
 * /staff/catalogue: the products, filtered by the address's query, a page at a time. The server pages by key (the last
 * id of the page before, in the list's order): the pager goes on while there is a next page, and back through the
 * pages seen; the status line says how many products match in all. The column headings sort the list (on the server, before it is paged); the address keeps
 * the order with the filters.
 */
export function CatalogueListPage() {
  const categoryOptions = useCategoryOptions();
  // a bulk edit moves products into a live category only (the import refuses a draft or archived one)
  const liveCategories = useCategoryOptions({ liveOnly: true });
  const categoryTitles = useMemo(() => new Map(categoryOptions.map(({ id, title }) => [id, title])), [categoryOptions]);
  const [search, setSearch] = useAddressQuery();
  const query = useMemo(() => listQueryFromSearch(search), [search]);
  const { resource, retry } = staffResource(useCatalogueProductsQuery(listSearch(query)));
  const trail = useKeysetTrail(query.after, (after) => setSearch(listSearch({ ...query, after })));

  const apply = (next: ListQuery) => {
    trail.reset();
    setSearch(listSearch({ ...next, after: undefined }));
  };
  const change = (name: 'category' | 'status', value: string) =>
    apply({ ...query, [name]: value === '' ? undefined : value });
  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const brand = form.elements.namedItem('brand');
    apply({
      ...query,
      q: searchText(form).trim() || undefined,
      brand: brand instanceof HTMLInputElement ? brand.value.trim() || undefined : query.brand,
    });
  };

  const page = resource.data;
  // the choice is of this list's results: other filters start it again (the page and the order keep it)
  const bulk = useBulkChoice();
  const filtersKey = listSearch({ ...query, after: undefined, sort: undefined });
  const { clear } = bulk;
  useEffect(() => clear(), [filtersKey, clear]);
  const choosable = (page?.products ?? []).filter((product) => !notEditableInBulk(product.status));
  const pageChosen = choosable.length > 0 && choosable.every((product) => bulk.choice.ticked.has(product.id));
  const selection = selectionOf(bulk.choice, query);
  const chosenWords = bulk.choice.all
    ? `All ${page?.total ?? 0} results of these filters are chosen.`
    : `${bulk.choice.ticked.size} ${bulk.choice.ticked.size === 1 ? 'product is' : 'products are'} chosen.`;
  const sortBy = (sort: EditorSort) => apply({ ...query, sort });
  const heading = (column: EditorSortColumn) => <SortHeading column={column} sort={query.sort} onSort={sortBy} />;
  return (
    <PageContainer>
      <PageHeading title="Catalogue" />
      <LinkRow>
        <Link to={NEW_PRODUCT_PATH}>New product</Link>
        <Link to={CATALOGUE_FILE_PATH}>Import and export</Link>
        <Link to={MISSING_ARABIC_PATH}>Missing Arabic</Link>
        <Link to={CATEGORIES_PATH}>Categories</Link>
      </LinkRow>
      <UpcomingSchedules />
      <FilterForm role="search" aria-label="Filter the products" onSubmit={submitSearch}>
        <FieldRow>
          <StaffField label="Category">
            {(control) => (
              <select
                {...control}
                name="category"
                value={query.category ?? ''}
                onChange={(event) => change('category', event.target.value)}
              >
                <option value="">All categories</option>
                <CategoryOptionList categories={categoryOptions} />
              </select>
            )}
          </StaffField>
          <StaffField label="Status">
            {(control) => (
              <select
                {...control}
                name="status"
                value={query.status ?? ''}
                onChange={(event) => change('status', event.target.value)}
              >
                <option value="">Any</option>
                {EDITOR_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {EDITOR_STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            )}
          </StaffField>
          <CheckLabel>
            <input
              type="checkbox"
              name="missingArabic"
              checked={query.missingArabic === true}
              onChange={(event) => apply({ ...query, missingArabic: event.target.checked || undefined })}
            />
            Arabic name missing
          </CheckLabel>
        </FieldRow>
        <FilterSearchRow
          hint="Part of the English or Arabic name, the code, or a size's code or part number (HEX-CW-40)."
          q={query.q}
          nothingToClear={search === ''}
          onClear={() => apply({})}
        >
          <StaffField label="Brand" hint="The brand's name exactly, e.g. Hex.">
            {(control) => (
              <input
                {...control}
                key={query.brand ?? ''}
                type="text"
                name="brand"
                defaultValue={query.brand ?? ''}
                maxLength={200}
              />
            )}
          </StaffField>
        </FilterSearchRow>
      </FilterForm>

      <p role="status">
        {resource.status === 'ready' && page !== undefined
          ? page.products.length === 0
            ? 'No products match these filters.'
            : `${page.total} ${page.total === 1 ? 'product matches' : 'products match'}.`
          : ''}
      </p>
      {resource.status === 'loading' ? <Spinner label="Loading the products" /> : null}
      {resource.status === 'failed' ? (
        <LoadError message={`The products could not be loaded. ${resource.error}`} onRetry={retry} />
      ) : null}
      {page !== undefined && page.products.length > 0 ? (
        <ChoiceRow>
          <span>{selection === undefined ? 'Tick products to edit them in bulk.' : chosenWords}</span>
          {!bulk.choice.all && page.total > bulk.choice.ticked.size ? (
            <Button
              type="button"
              $variant="secondary"
              onClick={() => bulk.chooseAll(choosable.map((product) => product.id))}
            >
              {page.total === 1 ? 'Select the 1 result' : `Select all ${page.total} results`}
            </Button>
          ) : null}
          {selection === undefined ? null : (
            <Button type="button" $variant="secondary" onClick={bulk.clear}>
              Clear the choice
            </Button>
          )}
        </ChoiceRow>
      ) : null}
      {selection === undefined ? null : (
        <BulkEditPanel selection={selection} chosen={chosenWords} categories={liveCategories} />
      )}
      {page !== undefined && page.products.length > 0 ? (
        <Table caption="Products">
          <thead>
            <tr>
              <th scope="col">
                <ChoiceBox
                  type="checkbox"
                  aria-label="Choose the products of this page"
                  checked={bulk.choice.all || pageChosen}
                  disabled={choosable.length === 0}
                  onChange={(event) =>
                    bulk.tickPage(
                      choosable.map((product) => product.id),
                      event.target.checked,
                    )
                  }
                />
              </th>
              {heading('name')}
              <th scope="col">Arabic name</th>
              {heading('code')}
              <th scope="col">Category</th>
              <th scope="col">Brand</th>
              {heading('price')}
              {heading('sizes')}
              <th scope="col">Status</th>
              {heading('changed')}
            </tr>
          </thead>
          <tbody>
            {page.products.map((product) => (
              <tr key={product.id}>
                <td>
                  <ChoiceBox
                    type="checkbox"
                    aria-label={`Choose ${product.name}`}
                    checked={bulk.choice.all ? !notEditableInBulk(product.status) : bulk.choice.ticked.has(product.id)}
                    disabled={notEditableInBulk(product.status)}
                    onChange={(event) => bulk.tick(product.id, event.target.checked)}
                  />
                </td>
                <td>
                  <Link to={editPath(product.id)}>
                    <VisibleText text={product.name} />
                  </Link>
                </td>
                <td lang="ar" dir="rtl">
                  {product.missingArabic ? (
                    <span lang="en" dir="ltr">
                      Missing
                    </span>
                  ) : (
                    <VisibleText text={product.nameAr} />
                  )}
                </td>
                <td>
                  <VisibleText text={product.code} />
                </td>
                <td>{categoryTitles.get(product.categoryId) ?? product.categoryId}</td>
                <td>{product.company ?? ''}</td>
                <td>{priceRange(product)}</td>
                <td>{product.sizes}</td>
                <td>{EDITOR_STATUS_LABELS[product.status]}</td>
                <td>
                  {product.changedAt === null ? '' : formatDateTime(product.changedAt)}
                  {product.changedBy === null ? '' : ` by ${product.changedBy}`}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {page !== undefined ? (
        <KeysetPager label="Product pages" after={query.after} next={page.next} trail={trail} />
      ) : null}
    </PageContainer>
  );
}
