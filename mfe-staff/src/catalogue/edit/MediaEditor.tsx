// The product's uploaded pictures (its gallery: gallery/GalleryEditor.tsx), its datasheet (details.datasheet) and its
// variants' own (gallery/VariantMediaEditor.tsx): a file chosen is uploaded at once, and the server's reference goes
// into both detail documents (the same file serves both languages). Nothing is live until the draft is saved and
// published, so the upload only changes the form.
import styled from 'styled-components';
import { DATASHEET_MAX_BYTES, type EditableProduct } from '@site/contracts/staff-catalogue-api';
import { Notice } from '../../ui/Notice';
import { StaffField } from '../../ui/StaffField';
import type { FieldProblem } from '../catalogueCalls';
import { SmallButton } from './editorParts';
import { withField } from './detailsModel';
import { megabytes } from './mediaRefs';
import { GalleryEditor } from './gallery/GalleryEditor';
import { VariantMediaEditor } from './gallery/VariantMediaEditor';
import { uploadStatus, useDatasheetUpload } from './gallery/useMediaUpload';

export { thumbnailOf, tooLargeSentence, type MediaKind, type PictureRef } from './mediaRefs';

const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: 24px;
`;

const Current = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface MediaEditorProps {
  productId: string;
  content: EditableProduct;
  /** Applies a change to the content as it is when the change lands (an upload answers later). */
  update: (change: (content: EditableProduct) => EditableProduct) => void;
  /** The server's problems with the content (the gallery's and the variants' media show at their fields). */
  problems: readonly FieldProblem[];
}

/** The content with its datasheet set (or, with undefined, removed) in both detail documents. */
const withDatasheet =
  (value: string | undefined) =>
  (content: EditableProduct): EditableProduct => ({
    ...content,
    details: withField(content.details, 'datasheet', value),
    details_ar: withField(content.details_ar, 'datasheet', value),
  });

export function MediaEditor({ productId, content, update, problems }: MediaEditorProps) {
  return (
    <Row>
      {/* the pictures are the gallery's (the older single picture shows as its first) */}
      <GalleryEditor productId={productId} content={content} update={update} problems={problems} />
      <DatasheetField productId={productId} content={content} update={update} />
      <VariantMediaEditor productId={productId} content={content} update={update} problems={problems} />
    </Row>
  );
}

function DatasheetField({ productId, content, update }: Omit<MediaEditorProps, 'problems'>) {
  const datasheet = typeof content.details.datasheet === 'string' ? content.details.datasheet : undefined;
  const { state, setState, choose } = useDatasheetUpload(productId, (value) => update(withDatasheet(value)));
  const uploading = state.kind === 'uploading';
  return (
    <div>
      <h3>Datasheet</h3>
      <Current>
        {datasheet === undefined ? (
          <Muted>No uploaded datasheet.</Muted>
        ) : (
          <>
            {/* the server sends an uploaded PDF as a download (never shown on the site's origin: it may hold script) */}
            <a href={datasheet} download>
              Datasheet (PDF, download)
            </a>
            <SmallButton
              type="button"
              $variant="secondary"
              disabled={uploading}
              aria-label="Remove the datasheet"
              onClick={() => {
                update(withDatasheet(undefined));
                setState({ kind: 'removed' });
              }}
            >
              Remove
            </SmallButton>
          </>
        )}
      </Current>
      <StaffField
        label="Upload a datasheet"
        hint={`A PDF, at most ${megabytes(DATASHEET_MAX_BYTES)}. The same datasheet is offered in both languages.`}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept="application/pdf"
            disabled={uploading}
            aria-busy={uploading || undefined}
            onChange={(event) => void choose(event.currentTarget)}
          />
        )}
      </StaffField>
      <Notice tone="info">{uploadStatus(state, 'datasheet')}</Notice>
      <Notice tone="error">{state.kind === 'refused' ? state.message : null}</Notice>
    </div>
  );
}
