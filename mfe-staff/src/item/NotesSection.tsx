import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@site/shared-ui';
import { NOTE_MAX_LENGTH, type InboxNote } from '@site/contracts/staff-api';
import { formatDateTime } from '../ui/format';
import { Notice } from '../ui/Notice';
import { Actions, StaffField } from '../ui/StaffField';
import type { ItemAction } from './useItemAction';

const Notes = styled.ol`
  margin: 0 0 16px;
  padding: 0;
  list-style: none;
  li {
    padding: 12px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  p { margin: 4px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
`;

const Byline = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typeScale.sm};
`;

const NoteField = styled(StaffField)`
  textarea { width: 100%; }
`;

/** Staff's internal notes on the item (never sent to the visitor), oldest first, and a new one. */
export function NotesSection({
  notes,
  action,
  onAdd,
}: {
  notes: InboxNote[];
  action: ItemAction;
  onAdd: (text: string) => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setProblem('Write the note first.');
      return;
    }
    setProblem('');
    if (await action.run(() => onAdd(text.trim()), 'The note is added.')) setText('');
  };

  return (
    <>
      {notes.length === 0 ? (
        <p>No notes yet.</p>
      ) : (
        <Notes>
          {notes.map((note) => (
            <li key={note.id}>
              <Byline>
                {note.author.email}, {formatDateTime(note.createdAt)}
              </Byline>
              <p>{note.text}</p>
            </li>
          ))}
        </Notes>
      )}
      <form aria-label="Add a note" onSubmit={submit} noValidate>
        <NoteField label="New note" hint="Only staff see notes." error={problem || undefined}>
          {(control) => (
            <textarea
              {...control}
              name="note"
              rows={3}
              maxLength={NOTE_MAX_LENGTH}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </NoteField>
        <Actions>
          <Button type="submit" disabled={action.busy}>
            Add note
          </Button>
        </Actions>
        <Notice tone={action.message?.tone ?? 'info'}>{action.message?.text}</Notice>
      </form>
    </>
  );
}
