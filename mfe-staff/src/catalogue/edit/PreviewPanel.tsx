import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { staffPreviewPath } from '@site/contracts/staff-api';
import type { EditableProduct } from '@site/contracts/staff-catalogue-api';
import type { ProductPreviewModule } from '@site/contracts/product-preview';
import { useProductPreviewLoader } from './productPreviewLoader';

const Frame = styled.iframe`
  width: 100%;
  height: 70vh;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #fff;
`;

const Live = styled.section`
  max-height: 80vh;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const Languages = styled.div`
  display: flex;
  gap: 16px;
  align-items: center;
  flex-wrap: wrap;
  margin: 8px 0;
`;

const LANGUAGES = [
  { locale: 'en', label: 'English' },
  { locale: 'ar', label: 'Arabic' },
] as const;

/** How long typing pauses before the preview draws again: each keystroke would redraw the whole page otherwise. */
export const PREVIEW_DELAY_MS = 300;

/** `value`, once it has stayed the same for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

type LiveState = { kind: 'loading' } | { kind: 'ready'; module: ProductPreviewModule } | { kind: 'failed' };

/**
 * The catalogue's preview module, asked for once the panel is first opened (nothing of the catalogue is loaded
 * before); 'failed' at once under a host that gives no loader.
 */
function useLivePreview(open: boolean): LiveState {
  const load = useProductPreviewLoader();
  const [state, setState] = useState<LiveState>({ kind: 'loading' });
  const wanted = open && load !== undefined && state.kind === 'loading';
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    load().then(
      (module) => current && setState({ kind: 'ready', module }),
      // The host's loader has tried twice already; the framed preview below takes over.
      () => current && setState({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [wanted, load]);
  return load === undefined ? { kind: 'failed' } : state;
}

/**
 * The product as the public page draws it, in English or Arabic. Live: the catalogue remote's own preview module
 * (loaded through federation when the panel is first opened) draws the form's content, unsaved edits included, a
 * moment after typing stops. When that module cannot be loaded: the server's preview of the saved draft
 * (/staff/preview/…), framed, drawn again after each save (the version is in its address), with a sentence saying so.
 */
export function PreviewPanel({
  productId,
  version,
  dirty,
  content,
}: {
  productId: string;
  version: number;
  dirty: boolean;
  content: EditableProduct;
}) {
  const [open, setOpen] = useState(false);
  const [locale, setLocale] = useState<'en' | 'ar'>('en');
  const live = useLivePreview(open);
  const shown = useSettled(content, PREVIEW_DELAY_MS);
  // The content the preview could not draw, and why: cleared by the next content drawn.
  const [drawError, setDrawError] = useState<{ content: EditableProduct; message: string } | null>(null);
  // the size drawn as chosen, as the public page's ?variant= draws it; none: the sizes' range
  const [chosenCode, setChosenCode] = useState('');
  const sizes = (shown.variants ?? []).filter((variant) => variant.published && variant.code.trim() !== '');
  const address = staffPreviewPath(productId, locale);
  const language = locale === 'ar' ? 'Arabic' : 'English';
  const Preview = live.kind === 'ready' ? live.module.default : null;
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Preview as the public page</summary>
      <Languages role="group" aria-label="Preview language">
        {LANGUAGES.map((option) => (
          <label key={option.locale}>
            <input
              type="radio"
              name="preview-language"
              checked={locale === option.locale}
              onChange={() => setLocale(option.locale)}
            />{' '}
            {option.label}
          </label>
        ))}
        <a href={address} target="_blank" rel="noreferrer">
          Open the saved draft’s preview in a new tab
        </a>
      </Languages>
      {sizes.length > 1 ? (
        <label>
          Size shown as chosen{' '}
          <select value={chosenCode} onChange={(event) => setChosenCode(event.currentTarget.value)}>
            <option value="">None: the sizes’ range</option>
            {sizes.map((variant) => (
              <option key={variant.code} value={variant.code.trim()}>
                {variant.label.trim() === '' ? variant.code : `${variant.code} (${variant.label})`}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {!open ? null : Preview !== null ? (
        <>
          <p>Drawn by the public site’s own catalogue components from this form, unsaved changes included.</p>
          {drawError !== null && drawError.content === shown ? (
            <p role="alert">The preview cannot draw these details: {drawError.message}</p>
          ) : null}
          <Live aria-label={`Live preview (${language})`}>
            <Preview
              productId={productId}
              content={shown}
              locale={locale}
              chosenCode={chosenCode === '' ? undefined : chosenCode}
              onRenderError={(error) => setDrawError({ content: shown, message: error.message })}
            />
          </Live>
        </>
      ) : live.kind === 'loading' ? (
        <p role="status">Loading the live preview…</p>
      ) : (
        <>
          <p role="status">
            The live preview could not be loaded (the catalogue’s code did not arrive), so this is the saved draft as
            the server draws it.
          </p>
          {dirty ? <p>You have unsaved changes: save the draft to see them here.</p> : null}
          <Frame title={`Preview of the saved draft (${language})`} src={`${address}?v=${version}`} />
        </>
      )}
    </details>
  );
}
