import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Breadcrumb, LoadError, PageContainer, SectionHeading, Spinner } from '@site/shared-ui';
import { useAppDispatch, useAppSelector } from '@site/shared-store';
import {
  fetchProductsCategory,
  selectCategories,
  selectCategoriesError,
  selectCategoriesStatus,
} from '../categories/productsCategorySlice';
import { categoryNameFromSegment, splitHeading } from './categoryName';

/**
 * /our-products/{productCategoryId}. This first version names the category and what it holds;
 * the product grid and sorting come with the catalogue content (issue 5).
 */
export default function ProductListingPage() {
  const { productCategoryId = '' } = useParams();
  const dispatch = useAppDispatch();
  const categories = useAppSelector(selectCategories);
  const status = useAppSelector(selectCategoriesStatus);
  const error = useAppSelector(selectCategoriesError);

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    if (status === 'idle') void dispatch(fetchProductsCategory());
  }, [dispatch, productCategoryId, status]);

  const category = categories.find((item) => item.id === productCategoryId);
  const name = category?.title ?? categoryNameFromSegment(productCategoryId);
  const { first, rest } = splitHeading(name);

  return (
    <PageContainer>
      <Breadcrumb items={[{ moduleName: 'Home', link: '/home' }, { moduleName: 'Our Products', link: '..' }, { moduleName: name }]} />
      <SectionHeading>
        {first} {rest ? <span>{rest}</span> : null}
      </SectionHeading>
      {status === 'failed' ? (
        <LoadError message={error ?? 'The product categories could not be loaded.'} onRetry={() => dispatch(fetchProductsCategory())} />
      ) : status !== 'succeeded' ? (
        <Spinner label="Loading products" />
      ) : (
        <>
          {category ? <p>{category.info}</p> : null}
          <p>
            For prices, stock and datasheets of {name.toLowerCase()}, <Link to="/contact-us">send us a message</Link>.
          </p>
        </>
      )}
    </PageContainer>
  );
}
