// /staff/catalogue-categories: every category in the catalogue's order, with its products, where it stands on the
// public site (live, draft or archived) and whether its Arabic is missing; each opens its edit page, and "New
// category" the form for one more.
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { LoadError, PageContainer, Spinner } from '@site/shared-ui';
import type { CategoryState } from '@site/contracts/staff-catalogue-api';
import { useCatalogueCategoriesQuery } from '../../api/staffApi';
import { PageHeading } from '../../ui/PageHeading';
import { Table } from '../../ui/Table';
import { staffResource } from '../../ui/staffResource';
import { VisibleText } from '../../ui/VisibleText';
import { categoryEditPath, NEW_CATEGORY_PATH } from '../catalogueCalls';

const STATE_LABEL: Readonly<Record<CategoryState, string>> = { live: 'Live', draft: 'Draft', archived: 'Archived' };

const LinkRow = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 24px;
`;

export function CategoryListPage() {
  const { resource, retry } = staffResource(useCatalogueCategoriesQuery());
  const categories = resource.data?.categories;
  return (
    <PageContainer>
      <PageHeading title="Categories" />
      <LinkRow>
        <Link to="/catalogue">Back to the catalogue</Link>
        <Link to={NEW_CATEGORY_PATH}>New category</Link>
      </LinkRow>
      <p>
        A live category saved here is live at once on the public site: its card, its page and the sitemap. A duplicate
        is a draft until it is published; an archived category is on none of them.
      </p>
      {resource.status === 'loading' ? <Spinner label="Loading the categories" /> : null}
      {resource.status === 'failed' ? (
        <LoadError message={`The categories could not be loaded. ${resource.error}`} onRetry={retry} />
      ) : null}
      {categories !== undefined ? (
        <Table caption="Categories, in the catalogue's order">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Category</th>
              <th scope="col">Arabic title</th>
              <th scope="col">Products</th>
              <th scope="col">On the site</th>
              <th scope="col">Arabic</th>
            </tr>
          </thead>
          <tbody>
            {categories.map((category) => (
              <tr key={category.id}>
                <td>{category.position}</td>
                <th scope="row">
                  <Link to={categoryEditPath(category.id)}>
                    <VisibleText text={category.title} />
                  </Link>{' '}
                  <small>({category.id})</small>
                </th>
                <td lang="ar" dir="rtl">
                  <VisibleText text={category.titleAr} />
                </td>
                <td>{category.products.toLocaleString('en')}</td>
                <td>{STATE_LABEL[category.state]}</td>
                <td>{category.missingArabic ? 'Missing' : 'Done'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </PageContainer>
  );
}
