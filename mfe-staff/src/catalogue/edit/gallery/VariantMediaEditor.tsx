// Each variant's own picture and datasheet, where they differ from the product's (details.variantMedia, by code): the
// product page shows the chosen size's picture first and offers its datasheet. Uploaded at once, saved with the draft.
// Media kept for a code no variant has any more (its code changed) is listed to be removed: the server refuses it.
import styled from 'styled-components';
import type { EditableProduct } from '@site/contracts/staff-catalogue-api';
import { Notice } from '../../../ui/Notice';
import { StaffField } from '../../../ui/StaffField';
import type { FieldProblem } from '../../catalogueCalls';
import { Fieldset, ItemProblem, SmallButton } from '../editorParts';
import { thumbnailOf } from '../mediaRefs';
import { variantMediaOf, withVariantMedia, type VariantMedia } from './galleryModel';
import { uploadStatus, useDatasheetUpload, usePictureUpload } from './useMediaUpload';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 280px), 1fr));
  gap: 12px;
`;

const Current = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  img { width: 120px; height: auto; border: 1px solid ${({ theme }) => theme.colors.border}; }
`;

interface VariantMediaEditorProps {
  productId: string;
  content: EditableProduct;
  update: (change: (content: EditableProduct) => EditableProduct) => void;
  problems: readonly FieldProblem[];
}

export function VariantMediaEditor({ productId, content, update, problems }: VariantMediaEditorProps) {
  const media = variantMediaOf(content);
  const variants = content.variants ?? [{ code: content.code, label: '' }];
  const codes = new Set(variants.map((variant) => variant.code));
  const orphans = media.filter((item) => !codes.has(item.code));
  const mediaProblems = problems
    .filter((problem) => problem.field === 'details' && problem.at[0] === 'variantMedia')
    .map((problem) => problem.text);
  return (
    <div>
      <h3>Each variant&rsquo;s own picture and datasheet</h3>
      <p>
        Only where a variant differs: the product page shows the chosen variant&rsquo;s picture first and its datasheet.
      </p>
      {mediaProblems.map((text) => (
        <ItemProblem key={text}>{text}</ItemProblem>
      ))}
      <Grid>
        {variants.map((variant, index) => (
          <VariantMediaFields
            // by place: a code is typed (and may be another's while it is) without losing the upload's state
            key={index}
            productId={productId}
            code={variant.code}
            label={variant.label}
            media={media.find((item) => item.code === variant.code)}
            update={update}
          />
        ))}
      </Grid>
      {orphans.map((item) => (
        <p key={item.code}>
          {`The media of ${item.code}: no variant has this code any more. `}
          <SmallButton
            type="button"
            $variant="secondary"
            onClick={() =>
              update((current) =>
                withVariantMedia(
                  withVariantMedia(current, item.code, 'picture', undefined),
                  item.code,
                  'datasheet',
                  undefined,
                ),
              )
            }
          >
            {`Remove the media of ${item.code}`}
          </SmallButton>
        </p>
      ))}
    </div>
  );
}

function VariantMediaFields({
  productId,
  code,
  label,
  media,
  update,
}: {
  productId: string;
  code: string;
  label: string;
  media: VariantMedia | undefined;
  update: VariantMediaEditorProps['update'];
}) {
  const picture = usePictureUpload(productId, (value) =>
    update((current) => withVariantMedia(current, code, 'picture', value)),
  );
  const datasheet = useDatasheetUpload(productId, (value) =>
    update((current) => withVariantMedia(current, code, 'datasheet', value)),
  );
  const name = code || 'the variant';
  return (
    <Fieldset>
      <legend>{label === '' ? name : `${name}: ${label}`}</legend>
      <Current>
        {media?.picture ? (
          <>
            <img src={thumbnailOf(media.picture)} alt={name} width={120} />
            <SmallButton
              type="button"
              $variant="secondary"
              onClick={() => {
                update((current) => withVariantMedia(current, code, 'picture', undefined));
                picture.setState({ kind: 'removed' });
              }}
            >
              {`Remove the picture of ${name}`}
            </SmallButton>
          </>
        ) : null}
      </Current>
      <StaffField label={`Upload ${name}’s own picture`}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            disabled={picture.state.kind === 'uploading'}
            onChange={(event) => void picture.choose(event.currentTarget)}
          />
        )}
      </StaffField>
      <Current>
        {media?.datasheet ? (
          <>
            {/* the server sends an uploaded PDF as a download (never shown on the site's origin) */}
            <a href={media.datasheet} download>
              {`Datasheet of ${name} (PDF, download)`}
            </a>
            <SmallButton
              type="button"
              $variant="secondary"
              onClick={() => {
                update((current) => withVariantMedia(current, code, 'datasheet', undefined));
                datasheet.setState({ kind: 'removed' });
              }}
            >
              {`Remove the datasheet of ${name}`}
            </SmallButton>
          </>
        ) : null}
      </Current>
      <StaffField label={`Upload ${name}’s own datasheet`}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept="application/pdf"
            disabled={datasheet.state.kind === 'uploading'}
            onChange={(event) => void datasheet.choose(event.currentTarget)}
          />
        )}
      </StaffField>
      <Notice tone="info">
        {uploadStatus(picture.state, 'picture') || uploadStatus(datasheet.state, 'datasheet')}
      </Notice>
      <Notice tone="error">
        {picture.state.kind === 'refused'
          ? picture.state.message
          : datasheet.state.kind === 'refused'
            ? datasheet.state.message
            : null}
      </Notice>
    </Fieldset>
  );
}
