// The product's uploaded pictures (its gallery: gallery/GalleryEditor.tsx), its datasheet (details.datasheet) and its
// variants' own (gallery/VariantMediaEditor.tsx): a file chosen is uploaded at once, and the server's reference goes
// into both detail documents (the same file serves both languages). Nothing is live
// until the draft is saved and published, so the upload only changes the form.
import { useState, type ChangeEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { DATASHEET_MAX_BYTES, PICTURE_MAX_BYTES, type EditableProduct } from '@site/contracts/staff-catalogue-api';
import { Notice } from '../../ui/Notice';
import { StaffField } from '../../ui/StaffField';
import { useUploadDatasheetMutation, useUploadPictureMutation } from '../catalogueApi';
import { refusalOf } from '../catalogueCalls';
import { SmallButton } from './editorParts';
import { withField } from './detailsModel';
import { megabytes, tooLargeSentence, type MediaKind } from './mediaRefs';

export { thumbnailOf, tooLargeSentence, type MediaKind, type PictureRef } from './mediaRefs';
import type { FieldProblem } from '../catalogueCalls';
import { GalleryEditor } from './gallery/GalleryEditor';
import { VariantMediaEditor } from './gallery/VariantMediaEditor';

/** What each kind takes: the input's accept list (a hint to the file chooser; the server decides by the content). */
const KINDS: Record<MediaKind, { label: string; accept: string; hint: string; maxBytes: number }> = {
  picture: {
    label: 'Upload a picture',
    accept: 'image/jpeg,image/png,image/webp,image/avif',
    hint: `JPEG, PNG, WebP or AVIF, at most ${megabytes(PICTURE_MAX_BYTES)}. The same picture shows in both languages.`,
    maxBytes: PICTURE_MAX_BYTES,
  },
  datasheet: {
    label: 'Upload a datasheet',
    accept: 'application/pdf',
    hint: `A PDF, at most ${megabytes(DATASHEET_MAX_BYTES)}. The same datasheet is offered in both languages.`,
    maxBytes: DATASHEET_MAX_BYTES,
  },
};

type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  | { kind: 'uploaded' }
  | { kind: 'removed' }
  | { kind: 'refused'; message: string };

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
  img {
    width: 160px;
    height: auto;
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
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

/** Sets (or, with undefined, removes) a field in both detail documents. */
const inBoth =
  (field: MediaKind, value: unknown) =>
  (content: EditableProduct): EditableProduct => ({
    ...content,
    details: withField(content.details, field, value),
    details_ar: withField(content.details_ar, field, value),
  });

export function MediaEditor({ productId, content, update, problems }: MediaEditorProps) {
  const datasheet = typeof content.details.datasheet === 'string' ? content.details.datasheet : undefined;
  return (
    <Row>
      {/* the pictures are the gallery's (the older single picture shows as its first) */}
      <GalleryEditor productId={productId} content={content} update={update} problems={problems} />
      <MediaField productId={productId} kind="datasheet" present={datasheet !== undefined} update={update}>
        {datasheet ? (
          // the server sends an uploaded PDF as a download (never shown on the site's origin: it may hold script)
          <a href={datasheet} download>
            Datasheet (PDF, download)
          </a>
        ) : null}
      </MediaField>
      <VariantMediaEditor productId={productId} content={content} update={update} problems={problems} />
    </Row>
  );
}

function MediaField({
  productId,
  kind,
  present,
  update,
  children,
}: {
  productId: string;
  kind: MediaKind;
  present: boolean;
  update: MediaEditorProps['update'];
  children: ReactNode;
}) {
  const [uploadPicture] = useUploadPictureMutation();
  const [uploadDatasheet] = useUploadDatasheetMutation();
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const { label, accept, hint, maxBytes } = KINDS[kind];
  const uploading = state.kind === 'uploading';

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // cleared, so that choosing the same file again (after a refusal) is a change too
    input.value = '';
    if (file === undefined) return;
    // a quick answer for the obvious case; the server checks the size (and the content) anyway
    if (file.size > maxBytes) {
      setState({ kind: 'refused', message: tooLargeSentence(kind) });
      return;
    }
    setState({ kind: 'uploading' });
    try {
      if (kind === 'picture') {
        const answer = await uploadPicture({ id: productId, file }).unwrap();
        update(inBoth('picture', answer.picture));
      } else {
        const answer = await uploadDatasheet({ id: productId, file }).unwrap();
        update(inBoth('datasheet', answer.datasheet));
      }
      setState({ kind: 'uploaded' });
    } catch (error) {
      setState({ kind: 'refused', message: refusalOf(error).message });
    }
  };

  const status =
    state.kind === 'uploading'
      ? `Uploading the ${kind}…`
      : state.kind === 'uploaded'
        ? 'Uploaded. Save the draft to keep it.'
        : state.kind === 'removed'
          ? `The ${kind} is removed. Save the draft to keep the change.`
          : '';

  return (
    <div>
      <h3>{kind === 'picture' ? 'Picture' : 'Datasheet'}</h3>
      <Current>
        {present ? (
          <>
            {children}
            <SmallButton
              type="button"
              $variant="secondary"
              disabled={uploading}
              aria-label={`Remove the ${kind}`}
              onClick={() => {
                update(inBoth(kind, undefined));
                setState({ kind: 'removed' });
              }}
            >
              Remove
            </SmallButton>
          </>
        ) : (
          <Muted>{kind === 'picture' ? 'No uploaded picture.' : 'No uploaded datasheet.'}</Muted>
        )}
      </Current>
      <StaffField label={label} hint={hint}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept={accept}
            disabled={uploading}
            aria-busy={uploading || undefined}
            onChange={(event) => void choose(event)}
          />
        )}
      </StaffField>
      <Notice tone="info">{status}</Notice>
      <Notice tone="error">{state.kind === 'refused' ? state.message : null}</Notice>
    </div>
  );
}
