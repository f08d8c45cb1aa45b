import { ButtonLink, DownloadIcon } from '@site/shared-ui';
import { uploadPath } from '@site/content';
import { useText } from '../i18n/useText';
import type { MessageId } from '../i18n/text';

/** The data's download labels (keys of a product's downloadFiles) the catalogs name in every language. */
const DOWNLOAD_LABELS: Readonly<Record<string, MessageId>> = {
  'Type Test Report': 'catalogue.download.label.typeTestReport',
  'Installation Instructions': 'catalogue.download.label.installationInstructions',
  'Technical Specification': 'catalogue.download.label.technicalSpecification',
  Datasheet: 'catalogue.download.label.datasheet',
};

/** A PDF of the uploads, in a new tab. The PDFs are English: the Arabic label says so. */
function PdfLink({ file, label }: { file: string; label: string }) {
  return (
    <ButtonLink href={uploadPath(file)} target="_blank" rel="noopener noreferrer">
      <DownloadIcon size={18} /> {label}
    </ButtonLink>
  );
}

/** 'Download Datasheet' (Arabic: '… (بالإنجليزية)'). */
export function DatasheetLink({ file }: { file: string }) {
  const text = useText();
  return <PdfLink file={file} label={text('catalogue.download.datasheet')} />;
}

/** A named download ('Type Test Report'), its label from the catalogs when they know it, else as the data has it. */
export function DownloadLink({ label, file }: { label: string; file: string }) {
  const text = useText();
  const known = DOWNLOAD_LABELS[label];
  return <PdfLink file={file} label={text('catalogue.download.file', { label: known === undefined ? label : text(known) })} />;
}
