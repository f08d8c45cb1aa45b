// The staff editor's live preview (contracts/src/productPreview.ts): the product page's own parts drawn from the
// editor's content, in either edition, without fetching the product. Exposed as ./ProductPreview for the staff pages
// only; no public page loads it (it is a chunk of its own).
import { useEffect, useMemo, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { PageContainer, SectionHeading, theme } from '@site/shared-ui';
import { localizedFetch, makeStore, SiteI18nProvider, useAppDispatch, useAppSelector } from '@site/shared-store';
import { LOCALE_DIRECTION } from '@site/contracts/locale';
import { categoryPath } from '@site/contracts/paths';
import type { ProductPreviewProps } from '@site/contracts/product-preview';
import { CatalogueBreadcrumb } from '../../common/CatalogueBreadcrumb';
import { useText } from '../../i18n/useText';
import { ProductSummary } from '../ProductSummary';
import { ProductDetailsRest } from '../ProductDetailsRest';
import { chosenVariant } from '../variants/variants';
import {
  fetchProductsCategory,
  selectCategories,
  selectCategoriesStatus,
} from '../../categories/productsCategorySlice';
import { previewI18n } from './previewI18n';
import { previewRecords } from './previewRecords';

/**
 * The product page's body as ProductDetailsPage draws a loaded product (its reviews, visitors' data, left out), from
 * the editor's content. The category's title in the edition is the catalogue's own (its categories file, as the
 * listing reads it); its id until that arrives, or if it does not.
 */
function PreviewPage({
  productId,
  content,
  locale,
  chosenCode,
}: Pick<ProductPreviewProps, 'productId' | 'content' | 'locale' | 'chosenCode'>) {
  const text = useText();
  const dispatch = useAppDispatch();
  const categories = useAppSelector(selectCategories);
  const categoriesStatus = useAppSelector(selectCategoriesStatus);
  useEffect(() => {
    if (categoriesStatus === 'idle') void dispatch(fetchProductsCategory());
  }, [dispatch, categoriesStatus]);
  const categoryName = categories.find((category) => category.id === content.productCategoryId.trim())?.title;
  const { product, quoteFacts, variants } = useMemo(
    () => previewRecords(productId, content, locale, categoryName),
    [productId, content, locale, categoryName],
  );
  return (
    <PageContainer>
      <CatalogueBreadcrumb
        through={[{ name: product.categoryName, link: categoryPath(product.productCategory) }]}
        current={product.productName}
      />
      <SectionHeading>{text('catalogue.details.heading')}</SectionHeading>
      <ProductSummary
        product={product}
        quoteFacts={quoteFacts}
        variants={variants}
        chosen={chosenVariant(variants, chosenCode ?? null)}
      />
      <ProductDetailsRest product={product} />
    </PageContainer>
  );
}

/** A click on a link of the preview goes nowhere: leaving the editor would lose its unsaved edits. */
function stayOnThePage(event: MouseEvent) {
  if (event.target instanceof Element && event.target.closest('a[href]') !== null) event.preventDefault();
}

/**
 * Drawn in a React root of its own inside this component's element: the page's parts need a router (their links), and
 * the staff page's router may not hold another. This tree has its own router (its links get their public addresses,
 * and none is followed: stayOnThePage), its own store (the quote and compare buttons work on it and touch nothing
 * else), the catalogue's messages and the site's theme. An error while drawing is handed to `onRenderError` (never to
 * the console) and the next content is drawn afresh.
 */
export default function ProductPreview({ productId, content, locale, chosenCode, onRenderError }: ProductPreviewProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<Root | null>(null);
  // One store per edition: its fetch reads that edition's data files (the categories), as a page of it does.
  const store = useMemo(
    () => makeStore(undefined, { fetch: localizedFetch(locale, (input, init) => fetch(input, init)) }),
    [locale],
  );
  const onErrorRef = useRef(onRenderError);

  useEffect(() => {
    onErrorRef.current = onRenderError;
  }, [onRenderError]);

  useEffect(() => {
    // A fresh element per root: under StrictMode the first root is still being unmounted when the second is made.
    const host = hostRef.current!;
    const container = document.createElement('div');
    host.append(container);
    // Capture, on the element around the root: before the links' own handlers, which then see defaultPrevented.
    host.addEventListener('click', stayOnThePage, true);
    const made = createRoot(container, {
      onUncaughtError: (error) => onErrorRef.current?.(error instanceof Error ? error : new Error(String(error))),
    });
    setRoot(made);
    return () => {
      host.removeEventListener('click', stayOnThePage, true);
      // Not synchronously: this runs while React commits the staff page, and a root cannot be unmounted then.
      setTimeout(() => {
        made.unmount();
        container.remove();
      }, 0);
    };
  }, []);

  useEffect(() => {
    if (root === null) return;
    root.render(
      <SiteI18nProvider i18n={previewI18n(locale)}>
        <Provider store={store}>
          <ThemeProvider theme={theme}>
            <BrowserRouter>
              <PreviewPage productId={productId} content={content} locale={locale} chosenCode={chosenCode} />
            </BrowserRouter>
          </ThemeProvider>
        </Provider>
      </SiteI18nProvider>,
    );
  }, [root, store, productId, content, locale, chosenCode]);

  return <div ref={hostRef} lang={locale} dir={LOCALE_DIRECTION[locale]} data-preview-locale={locale} />;
}
