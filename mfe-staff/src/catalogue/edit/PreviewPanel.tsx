import { useState } from 'react';
import styled from 'styled-components';
import { staffPreviewPath } from '@site/contracts/staff-api';

const Frame = styled.iframe`
  width: 100%;
  height: 70vh;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #fff;
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

/**
 * The saved draft as the public product page draws it: the server's preview (/staff/preview/…, the page's own
 * server rendering fed the draft), in a frame drawn only once the panel is opened, and drawn again after each save
 * (the version in its address moves with every save). Unsaved edits are not in it: the note says so.
 */
export function PreviewPanel({ productId, version, dirty }: { productId: string; version: number; dirty: boolean }) {
  const [open, setOpen] = useState(false);
  const [locale, setLocale] = useState<'en' | 'ar'>('en');
  const address = staffPreviewPath(productId, locale);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Preview the saved draft as the public page</summary>
      <Languages role="group" aria-label="Preview language">
        {LANGUAGES.map((language) => (
          <label key={language.locale}>
            <input type="radio" name="preview-language" checked={locale === language.locale} onChange={() => setLocale(language.locale)} /> {language.label}
          </label>
        ))}
        <a href={address} target="_blank" rel="noreferrer">
          Open the preview in a new tab
        </a>
      </Languages>
      {dirty ? <p>You have unsaved changes: save the draft to see them here.</p> : null}
      {open ? <Frame title={`Preview of the saved draft (${locale === 'ar' ? 'Arabic' : 'English'})`} src={`${address}?v=${version}`} /> : null}
    </details>
  );
}
