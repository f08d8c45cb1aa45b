// The catalogue editor's calls (STAFF_API.catalogue*, shapes in @site/contracts/staff-catalogue-api) as the screens
// make them: changes and uploads through staffApi's mutations (the CSRF token and a 401's end of the session are the
// base query's), and a refusal read from the server's structured answer (its problems, a 409's who and when).
import { useCallback } from 'react';
import type { ApiProblem } from '@site/contracts/forms-api';
import type { EditableProduct, EditorProduct, StaleEditAnswer } from '@site/contracts/staff-catalogue-api';
import { staffApi, useCatalogueChangeMutation, useCatalogueUploadMutation, type CatalogueChange } from '../api/staffApi';
import { failureOf } from '../api/staffBaseQuery';
import { useStaffDispatch } from '../app/store';

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

/** One problem of a refused change: its words, and the field it is about when it names one. */
export interface FieldProblem {
  field: string | undefined;
  text: string;
  /** The answer's path, where it gave one (a variant's field: ['variants', 3, 'code']). */
  path?: readonly (string | number)[];
}

/** How a change was refused: a sentence; for a 409 also who changed the product and when, and what was sent. */
export type ChangeRefusal =
  | { kind: 'stale'; message: string; changedBy: string | null; changedAt: string; version: number; yours: EditableProduct | undefined }
  | { kind: 'invalid'; message: string; problems: FieldProblem[] }
  | { kind: 'other'; message: string; status: number; problems: FieldProblem[] };

function isStaleAnswer(body: unknown): body is StaleEditAnswer {
  if (typeof body !== 'object' || body === null) return false;
  const answer = body as Partial<StaleEditAnswer>;
  return typeof answer.version === 'number' && typeof answer.changedAt === 'string';
}

/** The content's top-level fields, longest first so that 'productName_ar' is not read as 'productName'. */
const FIELDS: readonly (keyof EditableProduct)[] = (
  ['productCategoryId', 'productName', 'productName_ar', 'code', 'company', 'price', 'unit', 'popularity', 'dateAdded', 'image', 'details', 'details_ar'] as const
)
  .slice()
  .sort((a, b) => b.length - a.length);

/**
 * The field a catalogue rule's problem is about ('details_ar: description.0.key: …', 'missing Arabic: productName_ar
 * is empty'): the import's checks word each problem with its field, and answer it without a path.
 */
export function fieldOfProblem(problem: string): keyof EditableProduct | undefined {
  for (const field of FIELDS) {
    if (new RegExp(`(^|[\\s.:'"(])${field}($|[\\s.:'",)])`).test(problem)) return field;
  }
  return undefined;
}

/**
 * A 400's problems, one per thing to fix, from the answer's `problems` (never from its sentence): a schema's problem
 * names its field by its path (['content', 'price'] is the price's, ['id'] the new id's); a catalogue rule's (path [])
 * is shown as the rule words it.
 */
export function problemsOf(problems: readonly ApiProblem[]): FieldProblem[] {
  return problems.map(({ path, message }) => {
    if (path.length === 0) return { field: fieldOfProblem(message), text: message };
    const field = String(path[0] === 'content' && path.length > 1 ? path[1] : path[0]);
    const place = path.join('.');
    const within = path[0] === 'content' ? path.slice(1) : path;
    return { field, text: message.includes(field) || field === 'variants' ? message : `${place}: ${message}`, path: within };
  });
}

export function refusalOf(error: unknown): ChangeRefusal {
  const failure = failureOf(error);
  if (failure.status === 409 && isStaleAnswer(failure.body)) {
    const { changedBy, changedAt, version, yours } = failure.body;
    return { kind: 'stale', message: failure.message, changedBy, changedAt, version, yours };
  }
  if (failure.status === 400) {
    const problems = problemsOf(failure.problems);
    return { kind: 'invalid', message: failure.message, problems: problems.length > 0 ? problems : [{ field: undefined, text: failure.message }] };
  }
  return { kind: 'other', message: failure.message, status: failure.status, problems: problemsOf(failure.problems) };
}

/** A state-changing call (catalogueChange): resolves with the answer, rejects with a StaffFailure. */
export function useCatalogueCall() {
  const [change] = useCatalogueChangeMutation();
  return useCallback(
    // most calls answer the product; the categories' answer their category
    async <T = EditorProduct>(url: string, method: CatalogueChange['method'], body: unknown): Promise<T> => (await change({ url, method, body }).unwrap()) as T,
    [change],
  );
}

/**
 * The product as a change answered it, put where its edit page and history read it (no read again): a caller that says
 * "done" awaits it, so the page never shows the news beside the old state.
 */
export function useProductAnswered(id: string) {
  const dispatch = useStaffDispatch();
  return useCallback(async (answer: EditorProduct): Promise<void> => {
    // the page's entry replaced at once (an upsert lands later, and not over a read in flight); none yet: upserted
    const patched = dispatch(staffApi.util.updateQueryData('catalogueProduct', id, () => answer));
    if (patched.patches.length === 0) await dispatch(staffApi.util.upsertQueryData('catalogueProduct', id, answer));
  }, [dispatch, id]);
}

/**
 * A file sent to one of the upload addresses (STAFF_API.cataloguePictures, catalogueDatasheets, catalogueImport) as
 * the one file part of a FormData, with the CSRF token; resolves with the answer (the reference to put into the draft).
 */
export function useCatalogueUpload() {
  const [upload] = useCatalogueUploadMutation();
  return useCallback(async <T>(url: string, file: File): Promise<T> => (await upload({ url, file }).unwrap()) as T, [upload]);
}
