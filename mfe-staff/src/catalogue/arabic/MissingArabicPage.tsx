// /staff/catalogue-arabic: what still lacks Arabic. Each category with its own texts lacking Arabic and how many of its
// products lack some; then those products a page at a time (the server's keyset pages), each linking to its edit page.
// The category and the page are kept in the address, like the product list's filters.
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { LoadError, PageContainer, Spinner, useAddressQuery } from '@site/shared-ui';
import type { MissingArabicReport } from '@site/contracts/staff-catalogue-api';
import { useMissingArabicQuery } from '../../api/staffApi';
import { queryString } from '../../api/staffBaseQuery';
import { PageHeading } from '../../ui/PageHeading';
import { KeysetPager, useKeysetTrail } from '../../ui/Pager';
import { StaffField } from '../../ui/StaffField';
import { Table } from '../../ui/Table';
import { staffResource } from '../../ui/staffResource';
import { VisibleText } from '../../ui/VisibleText';
import { editPath } from '../catalogueCalls';
import { CategoryOptionList } from '../categories/CategoryOptionList';

/** What each field is called on the page. */
export const FIELD_LABELS: Record<
  | MissingArabicReport['products'][number]['fields'][number]
  | MissingArabicReport['categories'][number]['fields'][number],
  string
> = {
  productName_ar: 'Arabic name',
  details_ar: 'Arabic details',
  title_ar: 'Arabic title',
  info_ar: 'Arabic introduction',
};

interface ReportQuery {
  category?: string;
  after?: string;
}

function reportQueryOf(search: string): ReportQuery {
  const params = new URLSearchParams(search);
  const category = params.get('category')?.trim();
  const after = params.get('after')?.trim();
  return { ...(category ? { category } : {}), ...(after ? { after } : {}) };
}

const searchOf = (query: ReportQuery) => queryString({ category: query.category, after: query.after });

export function MissingArabicPage() {
  const [search, setSearch] = useAddressQuery();
  const query = useMemo(() => reportQueryOf(search), [search]);
  const { resource, retry } = staffResource(useMissingArabicQuery(searchOf(query)));
  const trail = useKeysetTrail(query.after, (after) => setSearch(searchOf({ ...query, after })));
  const report = resource.data;
  const titles = new Map((report?.categories ?? []).map((category) => [category.id, category.title]));

  const chooseCategory = (category: string) => {
    trail.reset();
    setSearch(searchOf({ category: category === '' ? undefined : category }));
  };

  return (
    <PageContainer>
      <PageHeading title="Missing Arabic" />
      <p>
        <Link to="/catalogue">Back to the catalogue</Link>
      </p>
      <p>
        A product lacks Arabic when its Arabic name or its Arabic details have no Arabic letter yet (an English copy or
        nothing).
      </p>
      {resource.status === 'loading' ? <Spinner label="Loading the report" /> : null}
      {resource.status === 'failed' ? (
        <LoadError message={`The report could not be loaded. ${resource.error}`} onRetry={retry} />
      ) : null}
      {report !== undefined ? (
        <>
          <Table caption="Categories">
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Its own texts lacking Arabic</th>
                <th scope="col">Products lacking Arabic</th>
              </tr>
            </thead>
            <tbody>
              {report.categories.map((category) => (
                <tr key={category.id}>
                  <th scope="row">
                    <VisibleText text={category.title} />
                  </th>
                  <td>
                    {category.fields.length === 0
                      ? 'None'
                      : category.fields.map((field) => FIELD_LABELS[field]).join(', ')}
                  </td>
                  <td>
                    {category.products === 0 ? (
                      '0'
                    ) : (
                      <Link
                        to={searchOf({ category: category.id })}
                        onClick={trail.reset}
                        aria-label={`${category.products.toLocaleString('en')} products of ${category.title} lack Arabic: list them`}
                      >
                        {category.products.toLocaleString('en')}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>

          <h2>Products lacking Arabic</h2>
          <StaffField label="Category">
            {(control) => (
              <select
                {...control}
                value={query.category ?? ''}
                onChange={(event) => chooseCategory(event.target.value)}
              >
                <option value="">All categories</option>
                <CategoryOptionList categories={report.categories} />
              </select>
            )}
          </StaffField>
          <p role="status">
            {report.total === 0
              ? 'Nothing lacks Arabic here.'
              : `${report.total.toLocaleString('en')} product${report.total === 1 ? '' : 's'} lack${report.total === 1 ? 's' : ''} Arabic${query.category !== undefined ? ` in ${titles.get(query.category) ?? query.category}` : ''}.`}
          </p>
          {report.products.length > 0 ? (
            <Table caption="Products lacking Arabic">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Category</th>
                  <th scope="col">Missing</th>
                </tr>
              </thead>
              <tbody>
                {report.products.map((product) => (
                  <tr key={product.id}>
                    <td>
                      <Link to={editPath(product.id)}>
                        <VisibleText text={product.name} />
                      </Link>
                    </td>
                    <td>{titles.get(product.categoryId) ?? product.categoryId}</td>
                    <td>{product.fields.map((field) => FIELD_LABELS[field]).join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : null}
          <KeysetPager label="Pages of products lacking Arabic" after={query.after} next={report.next} trail={trail} />
        </>
      ) : null}
    </PageContainer>
  );
}
