// A category's place on the public site and its copies: publish a draft (a duplicate), archive a live one (asked once
// more; the server refuses while it holds live products, and that sentence is shown), put an archived one back, and
// duplicate it under an id the editor confirms (the copy is a draft). Not offered over unsaved edits: each change
// moves the version under them.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@site/shared-ui';
import { STAFF_API } from '@site/contracts/staff-api';
import type { CategoryState, EditorCategory } from '@site/contracts/staff-catalogue-api';
import { ConfirmStep } from '../../ui/ConfirmStep';
import { Notice } from '../../ui/Notice';
import { Actions, StaffField } from '../../ui/StaffField';
import {
  useChangeCategoryStateMutation,
  useDuplicateCategoryMutation,
  type CategoryStateAddress,
} from '../catalogueApi';
import { categoryEditPath, refusalOf } from '../catalogueCalls';

export const CATEGORY_STATE_TEXT: Readonly<Record<CategoryState, string>> = {
  live: 'Live on the public site.',
  draft: 'Draft: not on the public site until it is published.',
  archived:
    'Archived: gone from the menus, the categories page, search and the sitemap; its page tells visitors it is no longer available.',
};

export interface CategoryStateSectionProps {
  category: EditorCategory;
  /** Unsaved edits in the form above. */
  dirty: boolean;
  /** The category as the server answered a change of its state. */
  onChanged: (category: EditorCategory) => void;
}

export function CategoryStateSection({ category, dirty, onChanged }: CategoryStateSectionProps) {
  const [changeCategoryState] = useChangeCategoryStateMutation();
  const [duplicateCategory] = useDuplicateCategoryMutation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [copyId, setCopyId] = useState(`${category.id}_copy`);
  const [copyError, setCopyError] = useState<string | undefined>();

  const change = async (address: CategoryStateAddress, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      onChanged(await changeCategoryState({ address, id: category.id, baseVersion: category.version }).unwrap());
      setMessage({ tone: 'success', text: done });
    } catch (error) {
      setMessage({ tone: 'error', text: `Not changed: ${refusalOf(error).message}` });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  const duplicate = async () => {
    setBusy(true);
    setCopyError(undefined);
    try {
      const copy = await duplicateCategory({ id: category.id, body: { id: copyId.trim() } }).unwrap();
      void navigate(categoryEditPath(copy.id));
    } catch (error) {
      const refused = refusalOf(error);
      setCopyError(
        refused.kind === 'invalid' ? refused.problems.map((problem) => problem.text).join(' ') : refused.message,
      );
      setBusy(false);
    }
  };

  const unsaved = dirty ? <span>Save your changes or load the latest version first.</span> : null;
  return (
    <>
      <h2>On the public site</h2>
      <p>{CATEGORY_STATE_TEXT[category.state]}</p>
      {category.state === 'live' && asking ? (
        <ConfirmStep
          question="Archive this category? It leaves the menus, the categories page, search and the sitemap, and its page tells visitors it is no longer available. A category that still holds products cannot be archived: withdraw them or move them to another category first."
          confirmLabel="Archive"
          busy={busy}
          onConfirm={() =>
            void change(STAFF_API.catalogueCategoryArchive, 'Archived: the public site no longer shows this category.')
          }
          onCancel={() => setAsking(false)}
        />
      ) : (
        <Actions>
          {category.state === 'live' ? (
            <Button type="button" $variant="secondary" disabled={busy || dirty} onClick={() => setAsking(true)}>
              Archive the category
            </Button>
          ) : (
            <Button
              type="button"
              disabled={busy || dirty}
              onClick={() =>
                void change(STAFF_API.catalogueCategoryPublish, 'Published: the public pages show this category now.')
              }
            >
              {category.state === 'draft' ? 'Publish the category' : 'Put back on the site'}
            </Button>
          )}
          {unsaved}
        </Actions>
      )}
      {message !== null ? <Notice tone={message.tone}>{message.text}</Notice> : null}

      <h2>Duplicate</h2>
      <p>
        Makes a new draft category with this one&apos;s texts, picture and brand line, its titles marked as a copy. It
        holds no products and is not public until you publish it.
      </p>
      <StaffField
        label="Id of the copy"
        hint="Its page address once published: letters and digits, words joined by _."
        error={copyError}
      >
        {(control) => (
          <input {...control} type="text" required value={copyId} onChange={(event) => setCopyId(event.target.value)} />
        )}
      </StaffField>
      <Actions>
        <Button
          type="button"
          $variant="secondary"
          disabled={busy || dirty || copyId.trim() === ''}
          onClick={() => void duplicate()}
        >
          Duplicate this category
        </Button>
        {unsaved}
      </Actions>
    </>
  );
}
