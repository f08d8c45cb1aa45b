// The catalogue editor's calls (STAFF_API.catalogue*, shapes in @site/contracts/staff-catalogue-api) as the screens
// make them: the answers are kept by the one page that shows them (like useStaffResource's), so there is no slice.
// A 401 ends the session as any staff call's does.
import { useCallback } from 'react';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { EditableProduct, EditorProduct, StaleEditAnswer } from '@site/contracts/staff-catalogue-api';
import { staffFetch, StaffApiError } from '../api/staffFetch';
import { useStaffDispatch, useStaffSelector } from '../app/store';
import { selectSession, sessionExpired } from '../session/sessionSlice';

export const productUrl = (id: string) => staffApiPath(STAFF_API.catalogueProduct, { id });
export const versionsUrl = (id: string) => staffApiPath(STAFF_API.catalogueVersions, { id });
export const diffUrl = (id: string, from: number, to: number) => `${staffApiPath(STAFF_API.catalogueDiff, { id })}?from=${from}&to=${to}`;

/** The app's address of a product's edit page, and of its history. */
export const editPath = (id: string) => `/catalogue/${encodeURIComponent(id)}`;
export const historyPath = (id: string) => `/catalogue/${encodeURIComponent(id)}/history`;
/** The new-product form's address (the server refuses 'new' as a product id). */
export const NEW_PRODUCT_PATH = '/catalogue/new';
/** The import and export page's address (outside /catalogue/…, where any other segment is a product id). */
export const CATALOGUE_FILE_PATH = '/catalogue-file';
/** The report of what still lacks Arabic. */
export const MISSING_ARABIC_PATH = '/catalogue-arabic';
/** The categories' list, a category's edit page and the new-category form (the server refuses 'new' as an id). */
export const CATEGORIES_PATH = '/catalogue-categories';
export const categoryEditPath = (id: string) => `${CATEGORIES_PATH}/${encodeURIComponent(id)}`;
export const NEW_CATEGORY_PATH = `${CATEGORIES_PATH}/new`;

/** How a change was refused: a sentence; for a 409 also who changed the product and when, and what was sent. */
export type ChangeRefusal =
  | { kind: 'stale'; message: string; changedBy: string | null; changedAt: string; version: number; yours: EditableProduct | undefined }
  | { kind: 'invalid'; message: string; problems: string[] }
  | { kind: 'other'; message: string; status: number };

function isStaleAnswer(body: unknown): body is StaleEditAnswer {
  if (typeof body !== 'object' || body === null) return false;
  const answer = body as Partial<StaleEditAnswer>;
  return typeof answer.version === 'number' && typeof answer.changedAt === 'string';
}

/**
 * The problems of a refused draft, one per field: the server's 400 says 'The product was not saved: 2 problems to
 * fix: a; b' (editorStore.ts), a request the schema refused 'content.price: …; content.code: …' (routes.ts).
 */
export function problemsOf(message: string): string[] {
  const list = /problems? to fix: (.*)$/s.exec(message)?.[1] ?? message;
  return list
    .split('; ')
    .map((problem) => problem.trim())
    .filter((problem) => problem !== '');
}

/** The content's top-level fields, longest first so that 'productName_ar' is not read as 'productName'. */
const FIELDS: readonly (keyof EditableProduct)[] = (
  ['productCategoryId', 'productName', 'productName_ar', 'code', 'company', 'price', 'unit', 'popularity', 'dateAdded', 'image', 'details', 'details_ar'] as const
)
  .slice()
  .sort((a, b) => b.length - a.length);

/** The field a problem names ('details_ar: description.0.key: …', 'missing Arabic: productName_ar is empty'), if any. */
export function fieldOfProblem(problem: string): keyof EditableProduct | undefined {
  for (const field of FIELDS) {
    if (new RegExp(`(^|[\\s.:'"(])${field}($|[\\s.:'",)])`).test(problem)) return field;
  }
  return undefined;
}

export function refusalOf(error: unknown): ChangeRefusal {
  if (!(error instanceof StaffApiError)) return { kind: 'other', message: error instanceof Error ? error.message : String(error), status: 0 };
  if (error.status === 409 && isStaleAnswer(error.body)) {
    const { changedBy, changedAt, version, yours } = error.body;
    return { kind: 'stale', message: error.message, changedBy, changedAt, version, yours };
  }
  if (error.status === 400) return { kind: 'invalid', message: error.message, problems: problemsOf(error.message) };
  return { kind: 'other', message: error.message, status: error.status };
}

/** A state-changing call with the session's CSRF token; a 401 ends the session (and rejects as any refusal). */
export function useCatalogueCall() {
  const dispatch = useStaffDispatch();
  const { csrfToken } = useStaffSelector(selectSession);
  return useCallback(
    // most calls answer the product; the categories' answer their category
    async <T = EditorProduct>(url: string, method: 'PUT' | 'POST' | 'DELETE', body: unknown): Promise<T> => {
      try {
        return await staffFetch<T>(url, { method, body, csrfToken });
      } catch (error) {
        if (error instanceof StaffApiError && error.status === 401) dispatch(sessionExpired());
        throw error;
      }
    },
    [csrfToken, dispatch],
  );
}

/**
 * A file sent to one of the upload addresses (STAFF_API.cataloguePictures, catalogueDatasheets) as the one file part
 * of a FormData, with the CSRF token; resolves with the reference to put into the draft. A 401 ends the session.
 */
export function useCatalogueUpload() {
  const dispatch = useStaffDispatch();
  const { csrfToken } = useStaffSelector(selectSession);
  return useCallback(
    async <T>(url: string, file: File): Promise<T> => {
      const form = new FormData();
      form.append('file', file, file.name);
      try {
        return await staffFetch<T>(url, { method: 'POST', body: form, csrfToken });
      } catch (error) {
        if (error instanceof StaffApiError && error.status === 401) dispatch(sessionExpired());
        throw error;
      }
    },
    [csrfToken, dispatch],
  );
}
