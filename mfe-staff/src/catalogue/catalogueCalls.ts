// What the catalogue editor's screens share about its calls (the calls themselves: catalogueApi.ts, one typed endpoint
// each): the pages' addresses, a refusal read from the server's structured answer (its problems, a 409's who and
// when), and a change's answer put where the edit page reads it.
import { useCallback } from 'react';
import type { ApiProblem } from '@site/contracts/forms-api';
import type { EditableProduct, EditorProduct, StaleEditAnswer } from '@site/contracts/staff-catalogue-api';
import { staffApi } from '../api/staffApi';
import { failureOf } from '../api/staffBaseQuery';
import { useStaffDispatch } from '../app/store';

/** The app's address of a product's edit page, and of its history. */
export const editPath = (id: string) => `/catalogue/${encodeURIComponent(id)}`;
export const historyPath = (id: string) => `/catalogue/${encodeURIComponent(id)}/history`;
/** The new-product form's address (the server refuses 'new' as a product id). */
export const NEW_PRODUCT_PATH = '/catalogue/new';
/** The import and export page's address (outside /catalogue/…, where any other segment is a product id). */
export const CATALOGUE_FILE_PATH = '/catalogue-file';
/** An import job's own page (a reload or a colleague follows it there). */
export const importJobPath = (id: string) => `${CATALOGUE_FILE_PATH}/jobs/${encodeURIComponent(id)}`;
/** The report of what still lacks Arabic. */
export const MISSING_ARABIC_PATH = '/catalogue-arabic';
/** The categories' list, a category's edit page and the new-category form (the server refuses 'new' as an id). */
export const CATEGORIES_PATH = '/catalogue-categories';
export const categoryEditPath = (id: string) => `${CATEGORIES_PATH}/${encodeURIComponent(id)}`;
export const NEW_CATEGORY_PATH = `${CATEGORIES_PATH}/new`;

/** One problem of a refused change: its words, and where it is when the server's path names a place. */
export interface FieldProblem {
  /** The form's field it is about (a content field, or the body's own: 'id'); undefined: the request as a whole. */
  field: string | undefined;
  /** Its place inside that field (['description', 3, 'key'] of 'details'); [] for the field itself. */
  at: readonly (string | number)[];
  text: string;
}

/** How a change was refused: a sentence; for a 409 also who changed the product and when, and what was sent. */
export type ChangeRefusal =
  | {
      kind: 'stale';
      message: string;
      changedBy: string | null;
      changedAt: string;
      version: number;
      yours: EditableProduct | undefined;
    }
  | { kind: 'invalid'; message: string; problems: FieldProblem[] }
  | { kind: 'other'; message: string; status: number; problems: FieldProblem[] };

function isStaleAnswer(body: unknown): body is StaleEditAnswer {
  if (typeof body !== 'object' || body === null) return false;
  const answer = body as Partial<StaleEditAnswer>;
  return typeof answer.version === 'number' && typeof answer.changedAt === 'string';
}

/**
 * A 400's problems, one per thing to fix, from the answer's `problems` (never from its sentence or their words): each
 * is placed by its path, the content's fields under 'content' (['content', 'details', 'description', 3, 'key'] is the
 * English details' row 4), the body's own by name (['id']); a problem at [] is about the request as a whole. A message
 * that does not say its field is prefixed with its place.
 */
export function problemsOf(problems: readonly ApiProblem[]): FieldProblem[] {
  return problems.map(({ path, message }) => {
    const place = path[0] === 'content' && path.length > 1 ? path.slice(1) : path;
    const [field, ...at] = place;
    if (field === undefined) return { field: undefined, at: [], text: message };
    const name = String(field);
    // a variant's problem names its variant in its words ('variant 2 (HX-20): bad price …')
    return {
      field: name,
      at,
      text: message.includes(name) || name === 'variants' ? message : `${place.join('.')}: ${message}`,
    };
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
    return {
      kind: 'invalid',
      message: failure.message,
      problems: problems.length > 0 ? problems : [{ field: undefined, at: [], text: failure.message }],
    };
  }
  return { kind: 'other', message: failure.message, status: failure.status, problems: problemsOf(failure.problems) };
}

/**
 * The product as a change answered it, put where its edit page and history read it (no read again): a caller that says
 * "done" awaits it, so the page never shows the news beside the old state.
 */
export function useProductAnswered(id: string) {
  const dispatch = useStaffDispatch();
  return useCallback(
    async (answer: EditorProduct): Promise<void> => {
      // the page's entry replaced at once (an upsert lands later, and not over a read in flight); none yet: upserted
      const patched = dispatch(staffApi.util.updateQueryData('catalogueProduct', id, () => answer));
      if (patched.patches.length === 0) await dispatch(staffApi.util.upsertQueryData('catalogueProduct', id, answer));
    },
    [dispatch, id],
  );
}
