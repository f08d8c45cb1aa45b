// The edit page's state: the product as the server last answered, the content being edited (kept whatever the
// server answers, so a refused save loses nothing), and the save and publish calls with their outcome.
import { useCallback, useEffect, useState } from 'react';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { EditableProduct, EditorProduct } from '@site/contracts/staff-catalogue-api';
import { useStaffResource } from '../../ui/useStaffResource';
import { productUrl, refusalOf, useCatalogueCall, type ChangeRefusal } from '../catalogueCalls';

export type EditorOutcome = { kind: 'saved' } | { kind: 'published' } | { kind: 'reloaded' } | ChangeRefusal;

/** What is being edited: the draft if there is one, else what the catalogue shows. */
export const editedContent = (product: EditorProduct): EditableProduct => product.draft?.content ?? product.published;

export function useProductEditor(id: string) {
  const { resource, retry, set } = useStaffResource<EditorProduct>(productUrl(id));
  const call = useCatalogueCall();
  const product = resource.data;
  const [content, setContent] = useState<EditableProduct | undefined>(undefined);
  /** The version the edits are based on: sent as baseVersion, so a change made meanwhile is refused (409). */
  const [baseVersion, setBaseVersion] = useState<number | undefined>(undefined);
  /** Counts the times the form was filled from the server (the structured editors restart then). */
  const [loads, setLoads] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<EditorOutcome | undefined>(undefined);
  const [reloading, setReloading] = useState(false);

  const fill = useCallback((next: EditorProduct) => {
    setContent(editedContent(next));
    setBaseVersion(next.version);
    setDirty(false);
    setLoads((count) => count + 1);
  }, []);

  // The form is filled from the first answer, and from the one asked for by "Load the latest version"; never from an
  // answer that would overwrite edits.
  useEffect(() => {
    if (resource.status !== 'ready') return;
    if (content === undefined || reloading) {
      fill(resource.data);
      if (reloading) {
        setReloading(false);
        setOutcome({ kind: 'reloaded' });
      }
    }
  }, [resource, content, reloading, fill]);

  const edit = useCallback((next: EditableProduct) => {
    setContent(next);
    setDirty(true);
  }, []);

  const run = async (work: () => Promise<EditorProduct>, done: EditorOutcome) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const answer = await work();
      set(answer);
      setBaseVersion(answer.version);
      setDirty(false);
      setOutcome(done);
    } catch (error) {
      setOutcome(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };

  const saveDraft = (over?: number) => {
    if (content === undefined || baseVersion === undefined) return Promise.resolve();
    return run(() => call(staffApiPath(STAFF_API.catalogueDraft, { id }), 'PUT', { baseVersion: over ?? baseVersion, content }), { kind: 'saved' });
  };

  const publish = () => {
    if (baseVersion === undefined) return Promise.resolve();
    return run(() => call(staffApiPath(STAFF_API.cataloguePublish, { id }), 'POST', { baseVersion }), { kind: 'published' });
  };

  /** Drops the edits and fills the form with the product as it is now. */
  const reloadLatest = () => {
    setOutcome(undefined);
    setReloading(true);
    retry();
  };

  return { resource, product, content, baseVersion, loads, dirty, busy, outcome, edit, saveDraft, publish, reloadLatest, retry };
}
