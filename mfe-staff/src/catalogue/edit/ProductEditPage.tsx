import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, LoadError, PageContainer, Spinner } from '@site/shared-ui';
import { productPath } from '@site/contracts/paths';
import type { EditableProduct } from '@site/contracts/staff-catalogue-api';
import { formatDateTime } from '../../ui/format';
import { Notice } from '../../ui/Notice';
import { PageHeading } from '../../ui/PageHeading';
import { Actions, StaffField } from '../../ui/StaffField';
import { historyPath } from '../catalogueCalls';
import { DetailsEditor } from './DetailsEditor';
import { MediaEditor } from './MediaEditor';
import { PreviewPanel } from './PreviewPanel';
import { RelatedEditor } from './related/RelatedEditor';
import { VariantsEditor } from './VariantsEditor';
import { ScheduleSection } from './ScheduleSection';
import { WithdrawSection } from './WithdrawSection';
import { DuplicateSection } from '../create/DuplicateSection';
import { DeleteDraftSection } from '../create/DeleteDraftSection';
import { useProductEditor, type EditorOutcome } from './useProductEditor';

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  gap: 24px;
  align-items: start;
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 16px;
  margin-top: 24px;
  h2 { margin: 0; }
  input, select, textarea { width: 100%; box-sizing: border-box; }
`;

const Meta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Sticky = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 1;
  padding: 12px 0;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

type SimpleField = Exclude<keyof EditableProduct, 'details' | 'details_ar' | 'variants'>;

/** The fields with one value for both languages, with their labels and hints (code, price and unit are the variants'). */
const SHARED_FIELDS: { field: SimpleField; label: string; hint?: string; type?: 'date' }[] = [
  { field: 'productCategoryId', label: 'Category id', hint: 'As in the catalogue file, e.g. industrial_cable_glands.' },
  { field: 'company', label: 'Brand line', hint: 'Shown in the listing; empty for none.' },
  { field: 'popularity', label: 'Popularity', hint: 'A whole number from 0 to 100.' },
  { field: 'dateAdded', label: 'Date added', type: 'date' },
  { field: 'image', label: 'Picture key', hint: 'The product picture’s name, e.g. gland_brass.' },
];

/** /staff/catalogue/:id: a product's content in English and Arabic side by side; save a draft, publish it. */
export function ProductEditPage() {
  const { id = '' } = useParams();
  // keyed by the id: a duplicate opens its copy here, which starts with nothing of the original's form state
  return <ProductEditor key={id} id={id} />;
}

function ProductEditor({ id }: { id: string }) {
  const editor = useProductEditor(id);
  const { resource, product, content, outcome } = editor;

  if (content === undefined || product === undefined) {
    return (
      <PageContainer>
        <PageHeading title="Edit product" />
        {resource.status === 'failed' ? (
          resource.httpStatus === 404 ? (
            <Notice tone="error">There is no product {id}.</Notice>
          ) : (
            <LoadError message={`The product could not be loaded. ${resource.error}`} onRetry={editor.retry} />
          )
        ) : (
          <Spinner label="Loading the product" />
        )}
        <p>
          <Link to="/catalogue">Back to the catalogue</Link>
        </p>
      </PageContainer>
    );
  }

  // each problem at the field its path names (a problem about the request as a whole is in the summary alone)
  const problems = outcome?.kind === 'invalid' ? outcome.problems : [];
  const problemsOf = (field: keyof EditableProduct) => problems.filter((problem) => problem.field === field);
  const errorOf = (field: SimpleField) =>
    problemsOf(field)
      .map(({ text }) => text)
      .join(' ') || undefined;
  const setField = (field: SimpleField, value: string) => editor.edit({ ...content, [field]: value });
  const draft = product.draft;

  return (
    <PageContainer>
      <PageHeading title={`Edit: ${content.productName || id}`} />
      <Meta>
        Version {product.version}.{' '}
        {draft
          ? `A draft is pending: saved by ${draft.savedBy ?? 'someone'} on ${formatDateTime(draft.savedAt)}.`
          : 'No draft: the form shows the published content.'}{' '}
        {product.lastChange
          ? `Last change by ${product.lastChange.by ?? 'someone'} on ${formatDateTime(product.lastChange.at)}.`
          : ''}
      </Meta>
      {product.unpublished === true ? (
        <Notice tone="info">New product, never published: the public cannot see it until you publish it.</Notice>
      ) : null}
      <p>
        <Link to="/catalogue">Back to the catalogue</Link> · <Link to={historyPath(id)}>History and versions</Link>
        {product.unpublished === true ? null : (
          <>
            {' · '}
            <a href={productPath(product.published.productCategoryId, id)} target="_blank" rel="noreferrer">
              Public page (opens in a new tab)
            </a>
          </>
        )}
      </p>

      <form
        aria-label="Product content"
        onSubmit={(event) => {
          event.preventDefault();
          void editor.saveDraft();
        }}
      >
        <Section aria-labelledby="names-heading">
          <h2 id="names-heading">Name</h2>
          <Columns>
            <StaffField label="English name" error={errorOf('productName')}>
              {(control) => (
                <input
                  {...control}
                  lang="en"
                  dir="ltr"
                  type="text"
                  value={content.productName}
                  onChange={(event) => setField('productName', event.target.value)}
                />
              )}
            </StaffField>
            <StaffField label="Arabic name" error={errorOf('productName_ar')}>
              {(control) => (
                <input
                  {...control}
                  lang="ar"
                  dir="rtl"
                  type="text"
                  value={content.productName_ar}
                  onChange={(event) => setField('productName_ar', event.target.value)}
                />
              )}
            </StaffField>
          </Columns>
        </Section>

        <Section aria-labelledby="listing-heading">
          <h2 id="listing-heading">Listing</h2>
          <Columns>
            {SHARED_FIELDS.map(({ field, label, hint, type }) => (
              <StaffField key={field} label={label} hint={hint} error={errorOf(field)}>
                {(control) => (
                  <input
                    {...control}
                    type={type ?? 'text'}
                    dir="ltr"
                    value={content[field]}
                    onChange={(event) => setField(field, event.target.value)}
                  />
                )}
              </StaffField>
            ))}
          </Columns>
        </Section>

        <Section aria-labelledby="variants-heading">
          <h2 id="variants-heading">Variants</h2>
          <Meta>
            What buyers order, in the order they are listed. The listing shows the first published variant&rsquo;s code
            ({content.code || 'none'}) and the lowest published price (
            {content.price === '' ? 'price on request' : `AED ${content.price}`}).
          </Meta>
          <VariantsEditor content={content} problems={problems} onChange={editor.edit} />
        </Section>

        <Section aria-labelledby="media-heading">
          <h2 id="media-heading">Pictures and datasheets</h2>
          <MediaEditor productId={id} content={content} update={editor.update} problems={problems} />
        </Section>

        <Section aria-labelledby="related-heading">
          <h2 id="related-heading">Related parts</h2>
          <RelatedEditor
            details={content.details}
            problems={problemsOf('details')}
            onChange={(details) => editor.edit({ ...content, details })}
          />
        </Section>

        <Section aria-labelledby="details-heading">
          <h2 id="details-heading">Details</h2>
          <Columns key={editor.loads}>
            <DetailsEditor
              lang="en"
              details={content.details}
              problems={problemsOf('details')}
              onChange={(details) => editor.edit({ ...content, details })}
            />
            <DetailsEditor
              lang="ar"
              details={content.details_ar}
              problems={problemsOf('details_ar')}
              onChange={(details_ar) => editor.edit({ ...content, details_ar })}
            />
          </Columns>
        </Section>

        <Sticky>
          <OutcomeNotice
            outcome={outcome}
            busy={editor.busy}
            onReload={editor.reloadLatest}
            onSaveOver={(version) => void editor.saveDraft(version)}
          />
          <Actions>
            <Button type="submit" disabled={editor.busy}>
              Save draft
            </Button>
            <Button
              type="button"
              $variant="secondary"
              disabled={editor.busy || editor.dirty || draft === null}
              onClick={() => void editor.publish()}
            >
              Publish
            </Button>
            <span>
              {editor.dirty
                ? 'Unsaved changes: save the draft before publishing.'
                : draft === null
                  ? 'Nothing to publish: no draft.'
                  : ''}
            </span>
          </Actions>
        </Sticky>
      </form>

      <Section aria-labelledby="schedule-heading">
        <h2 id="schedule-heading">Schedule</h2>
        <ScheduleSection product={product} dirty={editor.dirty} onChanged={editor.showAnswer} />
      </Section>

      <Section aria-labelledby="preview-heading">
        <h2 id="preview-heading">Preview</h2>
        <PreviewPanel productId={id} version={product.version} dirty={editor.dirty} content={content} />
      </Section>

      {product.unpublished === true ? (
        <Section aria-labelledby="delete-heading">
          <h2 id="delete-heading">Delete</h2>
          <DeleteDraftSection productId={id} version={product.version} />
        </Section>
      ) : (
        <Section aria-labelledby="withdraw-heading">
          <h2 id="withdraw-heading">In the catalogue</h2>
          <WithdrawSection product={product} dirty={editor.dirty} onChanged={editor.showAnswer} />
        </Section>
      )}

      <Section aria-labelledby="duplicate-heading">
        <h2 id="duplicate-heading">Copy</h2>
        <DuplicateSection productId={id} dirty={editor.dirty} />
      </Section>
    </PageContainer>
  );
}

function OutcomeNotice({
  outcome,
  busy,
  onReload,
  onSaveOver,
}: {
  outcome: EditorOutcome | undefined;
  busy: boolean;
  onReload: () => void;
  onSaveOver: (version: number) => void;
}) {
  let tone: 'error' | 'success' | 'info' = 'info';
  let body: ReactNode = null;
  switch (outcome?.kind) {
    case undefined:
      break;
    case 'saved':
      tone = 'success';
      body = 'Draft saved. Publish it to show it in the catalogue.';
      break;
    case 'published':
      tone = 'success';
      body = 'Published: the catalogue shows this content now.';
      break;
    case 'reloaded':
      body = 'The latest version is loaded.';
      break;
    case 'stale':
      tone = 'error';
      body = (
        <>
          <p>
            {outcome.refused === 'save' ? 'Not saved' : 'Not published'}: {outcome.changedBy ?? 'someone'} changed this
            product on {formatDateTime(outcome.changedAt)} (version {outcome.version}), after you opened it.{' '}
            {outcome.refused === 'save'
              ? 'Your edits are still in the form.'
              : 'Load the latest version to see what they changed.'}
          </p>
          <Actions>
            <Button type="button" $variant="secondary" disabled={busy} onClick={onReload}>
              {outcome.refused === 'save' ? 'Load the latest version (discards your edits)' : 'Load the latest version'}
            </Button>
            {outcome.refused === 'save' ? (
              <Button type="button" $variant="secondary" disabled={busy} onClick={() => onSaveOver(outcome.version)}>
                Save my edits over theirs
              </Button>
            ) : null}
          </Actions>
        </>
      );
      break;
    case 'invalid': {
      tone = 'error';
      // one problem may be about two fields (two variants with one code): said once here, shown beside each
      const texts = [...new Set(outcome.problems.map((problem) => problem.text))];
      body = (
        <>
          <p>
            {outcome.refused === 'save' ? 'Not saved' : 'Not published'}:{' '}
            {texts.length === 1 ? 'one problem' : `${texts.length} problems`} to fix.
          </p>
          <ul>
            {texts.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      );
      break;
    }
    case 'other':
      tone = 'error';
      body = outcome.message;
      break;
  }
  return <Notice tone={tone}>{body}</Notice>;
}
