import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  ButtonLink,
  LoadError,
  PageContainer,
  SectionHeading,
  Spinner,
  VisuallyHidden,
  useAddressQuery,
} from '@site/shared-ui';
import { useAppDispatch, useAppSelector, type LoadFirstView } from '@site/shared-store';
import { productImagePath } from '@site/content';
import type { CompareItem } from '@site/contracts/catalogue-api';
import { COMPARE_MIN, compareIdsOf, compareViewSearch } from '@site/contracts/compare-view';
import { CATEGORIES_PATH, productPath } from '@site/contracts/paths';
import { TextButton } from '../common/TextButton';
import { useText } from '../i18n/useText';
import { COMPARE_STOCK_ID, LazyCompareStock } from './CompareStock';
import { useVariantText } from '../details/variants/i18n/variantText';
import { AddToQuote } from '../quote/AddToQuote';
import { saveCompareIds } from './compareMemory';
import { compareReplaced } from './compareSelectionSlice';
import { compareRows, type CompareRow } from './compareRows';
import { variantCodes, variantsPrice } from './variantFacts';
import {
  fetchComparison,
  selectComparisonDisplay,
  selectComparisonItems,
  selectComparisonKey,
  selectComparisonStatus,
} from './comparePageSlice';
import { CatalogueBreadcrumb } from '../common/CatalogueBreadcrumb';
import { CurrencyNote } from '../currency/CurrencyNote';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
  @media print { button { display: none; } }
`;

/** Scrolls a wide table sideways on a phone; positioned, so that the caption's hidden text scrolls inside it too. */
const Scroller = styled.div`
  position: relative;
  overflow-x: auto;
  @media print { overflow: visible; }
`;

const Table = styled.table`
  width: 100%;
  min-width: 560px;
  border-collapse: collapse;
  table-layout: fixed;
  th, td { padding: 10px 12px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: start; vertical-align: top; overflow-wrap: anywhere; }
  tbody th { width: 22%; color: ${({ theme }) => theme.colors.textMuted}; font-weight: 600; }
  tr[data-differs='true'] { background: ${({ theme }) => theme.colors.brandLight}; }
  img { display: block; width: 100%; max-width: 200px; height: auto; aspect-ratio: 4 / 3; object-fit: contain; }
  @media print { min-width: 0; tr[data-differs='true'] { background: none; font-weight: 700; } }
`;

const Differs = styled.span`
  display: inline-block;
  margin-inline-start: 6px;
  padding: 0 6px;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.typeScale.xs};
`;

const Remove = styled(TextButton)`
  margin-top: 8px;
  @media print { display: none; }
`;

const ColumnName = styled.span`
  display: block;
  margin-top: 8px;
  font-weight: 700;
`;

/** For the server (shared-store's LoadFirstView): the products the address names, so the HTML has the table. */
export const loadFirstView: LoadFirstView = ({ dispatch, search }) => {
  const ids = compareIdsOf(search ?? '');
  return ids.length === 0 ? Promise.resolve() : dispatch(fetchComparison(ids));
};

/** A cell of a product that says nothing of the row: the same mark in both editions. */
const none = '—';

/** A column's name: the product's, or the unknown id's. */
const nameOf = (item: CompareItem): string => (item.found ? item.product.productName : item.id);

interface RowProps {
  row: CompareRow;
  differsText: string;
}

function ValueRow({ row, differsText }: RowProps) {
  return (
    <tr data-differs={row.differs}>
      <th scope="row">
        {row.key}
        {row.differs ? <Differs>{differsText}</Differs> : null}
      </th>
      {row.values.map((value, index) => (
        <td key={index}>{value ?? none}</td>
      ))}
    </tr>
  );
}

/**
 * /compare?ids=a,b: the products side by side, a column each (picture, name, codes, brand, price, availability), rows the union of
 * their attributes with the rows that differ marked; a column can be removed, each product added to the quote, and
 * the page printed. The address names the products: a comparison can be shared and is drawn by the server.
 */
export default function ComparePage() {
  const dispatch = useAppDispatch();
  const text = useText();
  // the variant table's messages (its chunk's catalog), which hold the stock's
  const variantText = useVariantText();
  const [search, setSearch] = useAddressQuery();
  const viewKey = compareViewSearch(compareIdsOf(search));
  const loadedKey = useAppSelector(selectComparisonKey);
  const items = useAppSelector(selectComparisonItems);
  const display = useAppSelector(selectComparisonDisplay);
  const status = useAppSelector(selectComparisonStatus);

  useEffect(() => {
    const ids = compareIdsOf(viewKey);
    // the comparison looked at becomes the visit's picks: the tray on the next page counts these
    dispatch(compareReplaced(ids));
    saveCompareIds(ids);
    if (ids.length === 0) return undefined;
    const request = dispatch(fetchComparison(ids));
    return () => request.abort();
  }, [dispatch, viewKey]);

  const loaded = loadedKey !== null && viewKey !== '';
  const rows = useMemo(() => compareRows(items), [items]);
  const fixedRow = (key: string, values: (string | undefined)[]): CompareRow => ({
    key,
    values,
    differs: new Set(values).size > 1,
  });
  const facts = [
    // a product's variants: every code, and the lowest price ('from AED 12') when they differ
    fixedRow(
      text('catalogue.compare.code'),
      items.map((item) => (item.found ? variantCodes(item.variants) : undefined)),
    ),
    fixedRow(
      text('catalogue.compare.brand'),
      items.map((item) => (item.found ? item.product.company?.join(', ') || undefined : undefined)),
    ),
    fixedRow(
      text('catalogue.compare.price'),
      items.map((item) => (item.found ? variantsPrice(item.variants, text, display) : undefined)),
    ),
  ];
  const remove = (id: string) =>
    setSearch(compareViewSearch(compareIdsOf(viewKey).filter((other) => other !== id)), { replace: true });

  return (
    <PageContainer>
      <CatalogueBreadcrumb current={text('catalogue.compare.heading')} />
      <SectionHeading>{text('catalogue.compare.heading')}</SectionHeading>
      {viewKey === '' ? (
        <Actions>
          <p>{text('catalogue.compare.empty')}</p>
          <ButtonLink as={Link} to={CATEGORIES_PATH}>
            {text('catalogue.compare.browse')}
          </ButtonLink>
        </Actions>
      ) : status === 'failed' ? (
        <LoadError
          message={text('catalogue.compare.loadFailed')}
          onRetry={() => dispatch(fetchComparison(compareIdsOf(viewKey)))}
        />
      ) : !loaded ? (
        <Spinner size={86} label={text('catalogue.compare.loading')} />
      ) : (
        <>
          <Actions>
            <p>
              {items.length < COMPARE_MIN
                ? text('catalogue.compare.addAnother')
                : text('catalogue.compare.differsNote')}
            </p>
            {/* the prices are indicative, in the visitor's currency: said, with the way to choose another */}
            <p>
              <CurrencyNote currency={display?.currency} />
            </p>
            <Button type="button" $variant="secondary" onClick={() => window.print()}>
              {text('catalogue.compare.print')}
            </Button>
          </Actions>
          <Scroller>
            <Table aria-busy={loadedKey !== viewKey}>
              <caption>
                <VisuallyHidden>{text('catalogue.compare.tableLabel')}</VisuallyHidden>
              </caption>
              <thead>
                <tr>
                  <td />
                  {items.map((item) => (
                    <th key={item.id} scope="col">
                      {item.found ? (
                        <Link to={productPath(item.listing.productCategoryId, item.id)}>
                          <img src={productImagePath(item.listing.image)} alt="" width={200} height={150} />
                          <ColumnName>{item.product.productName}</ColumnName>
                        </Link>
                      ) : (
                        <ColumnName>
                          {text('catalogue.compare.notFound')} (<bdi>{item.id}</bdi>)
                        </ColumnName>
                      )}
                      <Remove type="button" onClick={() => remove(item.id)}>
                        {text('catalogue.compare.remove', { name: nameOf(item) })}
                      </Remove>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {facts.map((row) => (
                  <ValueRow key={row.key} row={row} differsText={text('catalogue.compare.differs')} />
                ))}
                {/* each product's stock, read once the page has started (not in the cached HTML): the row is drawn
                    empty, so nothing moves when its words arrive; a product the ERP never named stays empty */}
                <tr id={COMPARE_STOCK_ID}>
                  <th scope="row">{variantText('catalogue.stock.label')}</th>
                  {items.map((item) => (
                    <td key={item.id}>
                      {item.found ? <LazyCompareStock codes={item.variants.map((variant) => variant.code)} /> : null}
                    </td>
                  ))}
                </tr>
                {rows.map((row) => (
                  <ValueRow key={row.key} row={row} differsText={text('catalogue.compare.differs')} />
                ))}
                <tr>
                  <th scope="row">{text('catalogue.compare.quote')}</th>
                  {items.map((item) => (
                    <td key={item.id}>
                      {item.found ? (
                        <AddToQuote
                          compact
                          product={{
                            id: item.id,
                            code: item.listing.code,
                            productCategoryId: item.listing.productCategoryId,
                            image: item.listing.image,
                            unit: item.listing.unit,
                            name: item.product.productName,
                          }}
                        />
                      ) : (
                        none
                      )}
                    </td>
                  ))}
                </tr>
              </tbody>
            </Table>
          </Scroller>
        </>
      )}
    </PageContainer>
  );
}
