import { ButtonLink, DownloadIcon } from '@site/shared-ui';
import { useText } from '../../i18n/useText';

/** The chosen size's own datasheet ('Download the datasheet of Size 25 (PDF)'), an upload served as is, in a new tab. */
export function VariantDatasheetLink({ path, label }: { path: string; label: string }) {
  const text = useText();
  return (
    <ButtonLink href={path} target="_blank" rel="noopener noreferrer">
      <DownloadIcon size={18} /> {text('catalogue.download.variantDatasheet', { label })}
    </ButtonLink>
  );
}
