import { memo, useMemo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink, CataloguePicture, maxWidth } from '@site/shared-ui';
import { productImagePath, type ProductDetail } from '@site/content';
import { DescriptionList } from './description/DescriptionList';
import { DescriptionSections } from './description/DescriptionSections';
import { parseDescription } from './description/parseDescription';
import { SafeHtml } from './SafeHtml';
import { categoryPath } from '@site/contracts/paths';
import { useText } from '../i18n/useText';
import { DatasheetLink, DownloadLink, UploadedDatasheetLink } from './DownloadLink';
import { ProductPicture } from './ProductPicture';
import type { ProductQuoteFacts } from './productDetailSlice';
import { AddToQuote } from '../quote/AddToQuote';
import { CompareToggle } from '../compare/CompareToggle';

const Layout = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  gap: 32px;
  align-items: start;
  ${maxWidth(900)} { grid-template-columns: 1fr; }
`;

const Picture = styled(CataloguePicture)`
  border-radius: ${({ theme }) => theme.radius.md};
`;

const UploadedPicture = styled(ProductPicture)`
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Info = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  h2 { margin: 0; color: ${({ theme }) => theme.colors.text}; font-size: ${({ theme }) => theme.typeScale.xl}; line-height: 1.3; }
  p { margin: 0; line-height: 1.6; }
  ul { margin: 0; padding-inline-start: 20px; }
`;

const SpecBlock = styled.div`
  padding: 12px 16px;
  border-inline-start: 4px solid ${({ theme }) => theme.colors.accent};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  h3 { margin: 0 0 6px; font-size: ${({ theme }) => theme.typeScale.md}; color: ${({ theme }) => theme.colors.brand}; }
  h4 { margin: 8px 0 4px; font-size: ${({ theme }) => theme.typeScale.sm}; }
`;

const Logos = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  list-style: none;
  padding: 0 !important;
  img { display: block; height: 48px; width: auto; }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * The product summary: picture, name, code and "Add to quote" (when the listing has the product's unit), specification
 * blocks, category, brands, detail text, description and its sections, downloads.
 */
export const ProductSummary = memo(function ProductSummary({ product, quoteFacts }: { product: ProductDetail; quoteFacts: ProductQuoteFacts | null }) {
  const { blocks, sections } = useMemo(() => parseDescription(product.description), [product.description]);
  const brands = (product.company ?? []).map((name, index) => ({ name, logo: product.companyImg?.[index] }));
  const downloads = Object.entries(product.downloadFiles ?? {});
  const text = useText();

  return (
    <Layout aria-label={text('catalogue.summary.label')}>
      {/* The uploaded photo where there is one; the same 480 × 360 box either way. Either is the page's largest element,
          eager at high priority: the server's HTML preloads it so; the photo's <img> also asks, for a page drawn in the
          browser. */}
      {product.picture ? (
        <UploadedPicture picture={product.picture} alt={product.productName} width={480} height={360} fetchPriority="high" />
      ) : (
        <Picture src={productImagePath(product.image)} alt={product.productName} width={480} height={360} />
      )}
      <Info>
        <h2>{product.productName}</h2>
        {quoteFacts ? (
          <>
            <p>
              <strong>{text('catalogue.summary.code')}</strong> <bdi dir="ltr">{quoteFacts.code}</bdi>
            </p>
            <AddToQuote product={{ ...quoteFacts, id: product.id, name: product.productName }} />
            <CompareToggle id={product.id} name={product.productName} />
          </>
        ) : null}
        {product.Specification?.map((spec, index) => (
          <SpecBlock key={index}>
            {spec.extraSpecTitle ? <h3>{spec.extraSpecTitle}</h3> : null}
            {spec.extraSpec?.length ? (
              <ul>
                {spec.extraSpec.map((line, lineIndex) => (
                  <li key={lineIndex}>{line}</li>
                ))}
              </ul>
            ) : null}
            {spec.specification?.length ? (
              <>
                <h4>{text('catalogue.summary.specification')}</h4>
                <ul>
                  {spec.specification.map((line, lineIndex) => (
                    <li key={lineIndex}>{line}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </SpecBlock>
        ))}
        <p>
          <strong>{text('catalogue.summary.category')}</strong> <Link to={categoryPath(product.productCategory)}>{product.categoryName}</Link>
        </p>
        {brands.length > 0 ? (
          <Logos aria-label={text('catalogue.summary.brands')}>
            {brands.map(({ name, logo }) => (
              <li key={name}>{logo ? <img src={logo} alt={name} width={120} height={48} loading="lazy" /> : name}</li>
            ))}
          </Logos>
        ) : null}
        {product.detail?.map((html, index) => <SafeHtml key={index} html={html} />)}
        <DescriptionList blocks={blocks} />
        <DescriptionSections sections={sections} />
        {product.downloadFile || product.datasheet || downloads.length > 0 || product.viewManufacturersCatalogue ? (
          <Buttons>
            {product.downloadFile ? <DatasheetLink file={product.downloadFile} /> : null}
            {product.datasheet ? <UploadedDatasheetLink path={product.datasheet} /> : null}
            {downloads.map(([label, file]) => (
              <DownloadLink key={label} label={label} file={file} />
            ))}
            {product.viewManufacturersCatalogue ? (
              <ButtonLink href={product.viewManufacturersCatalogue} $variant="secondary" {...external}>
                {text('catalogue.summary.manufacturersCatalogue')}
              </ButtonLink>
            ) : null}
          </Buttons>
        ) : null}
      </Info>
    </Layout>
  );
});
