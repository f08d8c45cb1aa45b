import { ButtonLink, DownloadIcon } from '@site/shared-ui';
import { variantMediaOf, type ProductDetail, type ProductVariant } from '@site/content';
import { useVariantText } from '../variants/i18n/variantText';
import { UploadedDatasheetLink } from '../DownloadLink';

/** The id of the chosen size's own datasheet link, which the server draws. */
const VARIANT_DATASHEET_ID = 'variant-datasheet';

/** The chosen size's own datasheet where it has one, else the product's uploaded one (or none). */
export function MediaDatasheet({ product, chosen }: { product: ProductDetail; chosen: ProductVariant | null }) {
  const own = variantMediaOf(product, chosen?.code)?.datasheet;
  if (own !== undefined && chosen !== null)
    return <VariantDatasheetLink path={own} label={chosen.label || chosen.code} />;
  return product.datasheet === undefined ? null : <UploadedDatasheetLink path={product.datasheet} />;
}

/**
 * The chosen size's own datasheet ('Download the datasheet of Size 25 (M25) (PDF)'), an upload served as is, in a new
 * tab. In the later chunk: the server awaits it where a variant has media of its own.
 */
function VariantDatasheetLink({ path, label }: { path: string; label: string }) {
  const text = useVariantText();
  return (
    <ButtonLink id={VARIANT_DATASHEET_ID} href={path} target="_blank" rel="noopener noreferrer">
      <DownloadIcon size={18} /> {text('catalogue.download.variantDatasheet', { label })}
    </ButtonLink>
  );
}
