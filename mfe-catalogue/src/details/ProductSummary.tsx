import { memo, useMemo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink, CataloguePicture, maxWidth } from '@site/shared-ui';
import { productImagePath, type ProductDetail, type ProductVariant } from '@site/content';
import { DescriptionList } from './description/DescriptionList';
import { DescriptionSections } from './description/DescriptionSections';
import { parseDescription } from './description/parseDescription';
import { SafeHtml } from './SafeHtml';
import { categoryPath } from '@site/contracts/paths';
import { useText } from '../i18n/useText';
import { DatasheetLink, DownloadLink, UploadedDatasheetLink } from './DownloadLink';
import { ProductPicture } from './ProductPicture';
import type { ProductQuoteFacts } from './productDetailSlice';
import { useAppSelector } from '@site/shared-store';
import { CurrencyNote } from '../currency/CurrencyNote';
import { AddToQuote } from '../quote/AddToQuote';
import { CompareToggle } from '../compare/CompareToggle';
import { priceText } from '../listing/priceText';
import { variantsPrice } from '../compare/variantFacts';
import { isVariantTable, VARIANT_TABLE_ID, variantQuoteProduct } from './variants/variants';
import { hasLaterMedia, LazyProductPart, LazyStockPanel } from './later/LaterParts';

/** The one picture the first chunk draws: the gallery's only one (its alt text), or older content's (the name). */
const leadPicture = ({ gallery, picture, productName }: ProductDetail) =>
  gallery?.[0] ?? (picture === undefined ? undefined : { ...picture, alt: productName });

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

export interface ProductSummaryProps {
  product: ProductDetail;
  quoteFacts: ProductQuoteFacts | null;
  /** Its published variants in order (none from a server without them). */
  variants?: readonly ProductVariant[];
  /** The variant the address chose (?variant=), or null. */
  chosen?: ProductVariant | null;
}

/**
 * The product summary: picture, name, code, price, "Add to quote" and its stock once read (when the listing has the
 * product's unit; of the chosen variant, or, for a product of several, their lowest price and number, and where to choose one), specification
 * blocks, category, brands, detail text, description and its sections, downloads.
 */
export const ProductSummary = memo(function ProductSummary({
  product,
  quoteFacts,
  variants = [],
  chosen = null,
}: ProductSummaryProps) {
  const { blocks, sections } = useMemo(() => parseDescription(product.description), [product.description]);
  const brands = (product.company ?? []).map((name, index) => ({ name, logo: product.companyImg?.[index] }));
  const downloads = Object.entries(product.downloadFiles ?? {});
  const text = useText();
  const display = useAppSelector((state) => state.productDetail?.display);
  // Several to choose from in the table: their price ('from AED 12') and number, and a way there; one (or the chosen
  // one): its code, price and form.
  const several = isVariantTable(variants);
  const variant = chosen ?? (several ? null : (variants[0] ?? null));
  // several pictures or a variant's own media: the later chunk draws them (the server awaits it); else one picture here
  const laterMedia = hasLaterMedia(product);
  const lead = leadPicture(product);

  return (
    <Layout aria-label={text('catalogue.summary.label')}>
      {/* The uploaded photo where there is one; the same 480 × 360 box either way. Either is the page's largest element,
          eager at high priority: each <img> asks (React's preload of the illustration in the server's head carries it;
          the server adds a hint of its own only to a page it did not draw). */}
      {laterMedia ? (
        <LazyProductPart part="pictures" product={product} chosen={chosen} />
      ) : lead ? (
        <UploadedPicture picture={lead} alt={lead.alt} width={480} height={360} fetchPriority="high" />
      ) : (
        <Picture
          src={productImagePath(product.image)}
          alt={product.productName}
          width={480}
          height={360}
          fetchPriority="high"
        />
      )}
      <Info>
        <h2>{product.productName}</h2>
        {quoteFacts ? (
          <>
            {variant === null && several ? (
              <p>
                {variantsPrice(variants, text, display)} ·{' '}
                {text('catalogue.variants.count', { count: variants.length })}{' '}
                <a href={`#${VARIANT_TABLE_ID}`}>{text('catalogue.variants.chooseBelow')}</a>{' '}
                <CurrencyNote currency={display?.currency} />
              </p>
            ) : (
              <>
                <p>
                  <strong>{text('catalogue.summary.code')}</strong>{' '}
                  <bdi dir="ltr">{variant?.code ?? quoteFacts.code}</bdi>
                </p>
                {variant !== null ? (
                  <p>
                    <strong>{text('catalogue.summary.price')}</strong> {priceText(variant.price, text, false, display)}
                    {variant.packQuantity === undefined
                      ? null
                      : ` · ${text('catalogue.variants.pack', { count: variant.packQuantity })}`}{' '}
                    <CurrencyNote currency={display?.currency} />
                  </p>
                ) : null}
                <AddToQuote
                  key={variant?.code}
                  product={
                    variant === null
                      ? { ...quoteFacts, id: product.id, name: product.productName }
                      : variantQuoteProduct(product.id, product.productName, quoteFacts, variant)
                  }
                />
                {variant !== null ? <LazyStockPanel variants={variants} variant={variant} /> : null}
              </>
            )}
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
          <strong>{text('catalogue.summary.category')}</strong>{' '}
          <Link to={categoryPath(product.productCategory)}>{product.categoryName}</Link>
        </p>
        {brands.length > 0 ? (
          <Logos aria-label={text('catalogue.summary.brands')}>
            {brands.map(({ name, logo }) => (
              <li key={name}>{logo ? <img src={logo} alt={name} width={120} height={48} loading="lazy" /> : name}</li>
            ))}
          </Logos>
        ) : null}
        {product.detail?.map((html, index) => (
          <SafeHtml key={index} html={html} />
        ))}
        <DescriptionList blocks={blocks} />
        <DescriptionSections sections={sections} />
        {product.downloadFile ||
        product.datasheet ||
        laterMedia ||
        downloads.length > 0 ||
        product.viewManufacturersCatalogue ? (
          <Buttons>
            {product.downloadFile ? <DatasheetLink file={product.downloadFile} /> : null}
            {laterMedia ? (
              <LazyProductPart part="datasheet" product={product} chosen={chosen} />
            ) : product.datasheet ? (
              <UploadedDatasheetLink path={product.datasheet} />
            ) : null}
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
