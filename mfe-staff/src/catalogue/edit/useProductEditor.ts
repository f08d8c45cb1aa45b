// The edit page's state: the product as the server last answered, the edits made since (kept whatever the server
// answers, so a refused save loses nothing), and the save and publish calls with their outcome.
import { useCallback, useEffect, useState } from 'react';
import { STAFF_API } from '@site/contracts/staff-api';
import type { EditableProduct, EditorProduct } from '@site/contracts/staff-catalogue-api';
import { useCatalogueProductQuery } from '../../api/staffApi';
import { staffResource } from '../../ui/staffResource';
import { useChangeProductStateMutation, useSaveProductDraftMutation } from '../catalogueApi';
import { refusalOf, useProductAnswered, type ChangeRefusal } from '../catalogueCalls';

export type EditorOutcome =
  | { kind: 'saved' }
  | { kind: 'published' }
  | { kind: 'reloaded' }
  | (ChangeRefusal & { refused: 'save' | 'publish' });

/** What is being edited: the draft if there is one, else what the catalogue shows. */
export const editedContent = (product: EditorProduct): EditableProduct => product.draft?.content ?? product.published;

interface Edits {
  content: EditableProduct;
  /** The version the edits are based on: sent as baseVersion, so a change made meanwhile is refused (409). */
  baseVersion: number;
}

export function useProductEditor(id: string) {
  const query = useCatalogueProductQuery(id);
  const { resource, retry } = staffResource(query);
  const set = useProductAnswered(id);
  const [saveProductDraft] = useSaveProductDraftMutation();
  const [changeProductState] = useChangeProductStateMutation();
  const product = query.data;
  // undefined: no unsaved edits, the form shows the product as the server last answered it
  const [edits, setEdits] = useState<Edits | undefined>(undefined);
  /** Counts the reloads (the structured editors start again from the loaded content then). */
  const [loads, setLoads] = useState(0);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<EditorOutcome | undefined>(undefined);

  // Closing the tab or reloading with unsaved edits asks first (the browser's own question).
  const dirty = edits !== undefined;
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const content = edits?.content ?? (product === undefined ? undefined : editedContent(product));
  const baseVersion = edits?.baseVersion ?? product?.version;

  const edit = useCallback(
    (next: EditableProduct) =>
      setEdits((last) => ({ content: next, baseVersion: last?.baseVersion ?? product?.version ?? 0 })),
    [product?.version],
  );

  /** An edit made from the content as it is when it lands (an upload answers later: edits made meanwhile are kept). */
  const update = useCallback(
    (change: (content: EditableProduct) => EditableProduct) =>
      setEdits((last) => {
        const from = last?.content ?? (product === undefined ? undefined : editedContent(product));
        return from === undefined
          ? last
          : { content: change(from), baseVersion: last?.baseVersion ?? product?.version ?? 0 };
      }),
    [product],
  );

  const run = async (work: () => Promise<EditorProduct>, done: EditorOutcome, refused: 'save' | 'publish') => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const answer = await work();
      await set(answer);
      setEdits(undefined);
      setOutcome(done);
    } catch (error) {
      setOutcome({ ...refusalOf(error), refused });
    } finally {
      setBusy(false);
    }
  };

  const saveDraft = (over?: number) => {
    if (content === undefined || baseVersion === undefined) return Promise.resolve();
    return run(
      () => saveProductDraft({ id, body: { baseVersion: over ?? baseVersion, content } }).unwrap(),
      { kind: 'saved' },
      'save',
    );
  };

  const publish = () => {
    if (baseVersion === undefined) return Promise.resolve();
    return run(
      () => changeProductState({ address: STAFF_API.cataloguePublish, id, baseVersion }).unwrap(),
      { kind: 'published' },
      'publish',
    );
  };

  /** Drops the edits and shows the product as it is now. */
  const reloadLatest = () => {
    setEdits(undefined);
    setLoads((count) => count + 1);
    setOutcome({ kind: 'reloaded' });
    retry();
  };

  return {
    resource,
    product,
    content,
    baseVersion,
    loads,
    dirty,
    busy,
    outcome,
    edit,
    update,
    saveDraft,
    publish,
    reloadLatest,
    retry,
    showAnswer: set,
  };
}
