// The product's gallery in the editor: each picture with its alt text in English and in Arabic, moved up or down (the
// first is the lead, shown first and shared), removed; "Upload a picture" adds one at the end at once, its alt texts the
// product's names to start from. The server's problems with a picture show at its fields.
import styled from 'styled-components';
import { PICTURE_MAX_BYTES, type EditableProduct } from '@site/contracts/staff-catalogue-api';
import { Notice } from '../../../ui/Notice';
import { StaffField } from '../../../ui/StaffField';
import type { FieldProblem } from '../../catalogueCalls';
import { Fieldset, ItemProblem, langProps, moved, removed, replaced, RowButtons, SmallLabel } from '../editorParts';
import { galleryItemsOf, withGallery, withPictureAdded, type GalleryItem } from './galleryModel';
import { uploadStatus, usePictureUpload } from './useMediaUpload';
import { megabytes, thumbnailOf } from '../mediaRefs';

const Items = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 8px;
  img { width: 160px; height: auto; border: 1px solid ${({ theme }) => theme.colors.border}; }
  > label { flex: 1 1 200px; min-width: 0; }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface GalleryEditorProps {
  productId: string;
  content: EditableProduct;
  update: (change: (content: EditableProduct) => EditableProduct) => void;
  /** The server's problems with the content (those of the galleries show at their pictures). */
  problems: readonly FieldProblem[];
}

/** The problems of picture `index`'s alt text in one document. */
const altProblems = (problems: readonly FieldProblem[], field: 'details' | 'details_ar', index: number) =>
  problems
    .filter((problem) => problem.field === field && problem.at[0] === 'gallery' && problem.at[1] === index)
    .map((problem) => problem.text);

export function GalleryEditor({ productId, content, update, problems }: GalleryEditorProps) {
  const items = galleryItemsOf(content);
  const { state, setState, choose } = usePictureUpload(productId, (picture) =>
    update((current) => withPictureAdded(current, picture)),
  );
  const uploading = state.kind === 'uploading';
  const change = (next: (items: GalleryItem[]) => GalleryItem[]) =>
    update((current) => withGallery(current, next(galleryItemsOf(current))));
  const whole = problems
    .filter((problem) => problem.field === 'details_ar' && problem.at[0] === 'gallery' && problem.at.length === 1)
    .map((problem) => problem.text);

  return (
    <div>
      <h3>Pictures</h3>
      <Muted>
        Shown in this order on the product page: the first is the lead, shared with links. Each needs its alt text in
        both languages (what the picture shows, for those who cannot see it).
      </Muted>
      {whole.map((text) => (
        <ItemProblem key={text}>{text}</ItemProblem>
      ))}
      {items.length === 0 ? (
        <Muted>No uploaded picture.</Muted>
      ) : (
        <Items aria-label="Pictures in order">
          {items.map((item, index) => {
            const what = `picture ${index + 1}`;
            const english = altProblems(problems, 'details', index);
            const arabic = altProblems(problems, 'details_ar', index);
            return (
              <li key={item.src}>
                <Fieldset>
                  <legend>{`Picture ${index + 1}`}</legend>
                  <Item>
                    <img src={thumbnailOf(item)} alt={item.alt} width={160} />
                    <SmallLabel>
                      Alt text (English)
                      <input
                        {...langProps('en')}
                        type="text"
                        value={item.alt}
                        aria-invalid={english.length > 0 || undefined}
                        onChange={(event) => {
                          const alt = event.target.value;
                          change((list) => replaced(list, index, { ...list[index]!, alt }));
                        }}
                      />
                    </SmallLabel>
                    <SmallLabel>
                      Alt text (Arabic)
                      <input
                        {...langProps('ar')}
                        type="text"
                        value={item.alt_ar}
                        aria-invalid={arabic.length > 0 || undefined}
                        onChange={(event) => {
                          const alt_ar = event.target.value;
                          change((list) => replaced(list, index, { ...list[index]!, alt_ar }));
                        }}
                      />
                    </SmallLabel>
                    <RowButtons
                      index={index}
                      count={items.length}
                      what={what}
                      onMove={(to) => change((list) => moved(list, index, to))}
                      onRemove={() => {
                        change((list) => removed(list, index));
                        setState({ kind: 'removed' });
                      }}
                    />
                    {[...english, ...arabic].map((text) => (
                      <ItemProblem key={text}>{text}</ItemProblem>
                    ))}
                  </Item>
                </Fieldset>
              </li>
            );
          })}
        </Items>
      )}
      <StaffField
        label="Upload a picture"
        hint={`JPEG, PNG, WebP or AVIF, at most ${megabytes(PICTURE_MAX_BYTES)}. It joins the end of the pictures; the same picture shows in both languages.`}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            disabled={uploading}
            aria-busy={uploading || undefined}
            onChange={(event) => void choose(event.currentTarget)}
          />
        )}
      </StaffField>
      <Notice tone="info">{uploadStatus(state, 'picture')}</Notice>
      <Notice tone="error">{state.kind === 'refused' ? state.message : null}</Notice>
    </div>
  );
}
