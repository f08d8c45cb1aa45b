import { useEffect } from 'react';
import { Breadcrumb, CardGrid, LoadError, PageContainer, SectionHeading, Spinner } from '@site/shared-ui';
import { useAppDispatch, useAppSelector, type LoadFirstView } from '@site/shared-store';
import {
  fetchProductsCategory,
  selectCategories,
  selectCategoriesError,
  selectCategoriesStatus,
} from './productsCategorySlice';
import { CategoryCard } from './CategoryCard';
import { HOME_PATH } from '@site/contracts/paths';
import { useText } from '../i18n/useText';
import { useFailureText } from '../common/useFailureText';

/** /our-products: every product category as a card. */
/** For the server (shared-store's LoadFirstView): the page's data as its effect below loads it, so the HTML has it. */
export const loadFirstView: LoadFirstView = ({ dispatch }) => dispatch(fetchProductsCategory());

export default function CategoryListPage() {
  const dispatch = useAppDispatch();
  const text = useText();
  const failureText = useFailureText();
  const categories = useAppSelector(selectCategories);
  const status = useAppSelector(selectCategoriesStatus);
  const error = useAppSelector(selectCategoriesError);

  // No scroll of its own: the shell opens every page at its top, or where the visitor left it on back.
  useEffect(() => {
    const request = dispatch(fetchProductsCategory());
    return () => request.abort();
  }, [dispatch]);

  return (
    <PageContainer>
      <Breadcrumb
        items={[
          { moduleName: text('catalogue.breadcrumb.home'), link: HOME_PATH },
          { moduleName: text('catalogue.breadcrumb.ourProducts') },
        ]}
      />
      <SectionHeading>{text('catalogue.categories.heading')}</SectionHeading>
      {status === 'failed' ? (
        <LoadError
          message={failureText(error, 'catalogue.categories.loadFailed')}
          onRetry={() => dispatch(fetchProductsCategory())}
        />
      ) : status !== 'succeeded' ? (
        <Spinner size={86} label={text('catalogue.categories.loading')} />
      ) : (
        <CardGrid as="ul" aria-label={text('catalogue.categories.listLabel')}>
          {categories.map((category, index) => (
            <CategoryCard key={category.id} category={category} eager={index < 4} />
          ))}
        </CardGrid>
      )}
    </PageContainer>
  );
}
