import { ButtonLink, DownloadIcon } from '@site/shared-ui';
import { uploadPath } from '@site/content';
import { useText } from '../i18n/useText';
import type { MessageId } from '../i18n/text';

/**
 * The data's download labels (keys of a product's downloadFiles) the catalogs name in every language, each under
 * `catalogue.download.label.<label>` (the label itself in the id: one string fewer a label in the first view's code).
 */
const DOWNLOAD_LABELS: ReadonlySet<string> = new Set([
  'Type Test Report',
  'Installation Instructions',
  'Technical Specification',
  'Datasheet',
]);

/** A PDF, in a new tab. */
function PdfLink({ href, label }: { href: string; label: string }) {
  return (
    <ButtonLink href={href} target="_blank" rel="noopener noreferrer">
      <DownloadIcon size={18} /> {label}
    </ButtonLink>
  );
}

/** 'Download Datasheet' of /uploads/; those PDFs are English, so the Arabic label says so ('… (بالإنجليزية)'). */
export function DatasheetLink({ file }: { file: string }) {
  const text = useText();
  return <PdfLink href={uploadPath(file)} label={text('catalogue.download.datasheet')} />;
}

/**
 * 'Download datasheet (PDF)' of the catalogue editor's upload (`path` is served as is). Each edition's details carry
 * their own upload, so the Arabic label does not call it English.
 */
export function UploadedDatasheetLink({ path }: { path: string }) {
  const text = useText();
  return <PdfLink href={path} label={text('catalogue.download.uploadedDatasheet')} />;
}

/** A named download ('Type Test Report'), its label from the catalogs when they know it, else as the data has it. */
export function DownloadLink({ label, file }: { label: string; file: string }) {
  const text = useText();
  return (
    <PdfLink
      href={uploadPath(file)}
      label={text('catalogue.download.file', {
        label: DOWNLOAD_LABELS.has(label) ? text(`catalogue.download.label.${label}` as MessageId) : label,
      })}
    />
  );
}
