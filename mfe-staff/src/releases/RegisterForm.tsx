import { useState, type FormEvent } from 'react';
import { Button } from '@site/shared-ui';
import type { Release } from '@site/contracts/releases-api';
import type { RegisterReleaseBody } from '@site/contracts/releases-api-schemas';
import { Actions, FieldRow, StaffField } from '../ui/StaffField';
import { messageOf, registerFieldOf } from './releaseCalls';
import { useRegisterReleaseMutation } from './releasesApi';

type Field = 'version' | 'entry' | 'notes';
const EMPTY: Record<Field, string> = { version: '', entry: '', notes: '' };

/** Registers a release of `remote` (not live yet): the server loads its manifest and refuses one the shell cannot use. */
export function RegisterForm({ remote, onRegistered }: { remote: string; onRegistered: (release: Release) => void }) {
  const [registerRelease] = useRegisterReleaseMutation();
  const [form, setForm] = useState(EMPTY);
  const [refusal, setRefusal] = useState<{ field: Field; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: Field, value: string) => setForm((current) => ({ ...current, [field]: value }));
  const errorOf = (field: Field) => (refusal?.field === field ? refusal.message : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      const notes = form.notes.trim();
      const { release } = await registerRelease({
        remote,
        body: {
          version: form.version.trim(),
          entry: form.entry.trim(),
          ...(notes === '' ? {} : { notes }),
        } satisfies RegisterReleaseBody,
      }).unwrap();
      setForm(EMPTY);
      onRegistered(release);
    } catch (error) {
      setRefusal({ field: registerFieldOf(error), message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form aria-label={`Register a release of ${remote}`} onSubmit={(event) => void submit(event)} noValidate>
      <FieldRow>
        <StaffField label="Version" required hint="e.g. 2026-06-01.1" error={errorOf('version')}>
          {(control) => (
            <input
              {...control}
              type="text"
              dir="ltr"
              autoComplete="off"
              value={form.version}
              onChange={(event) => set('version', event.target.value)}
            />
          )}
        </StaffField>
        <StaffField
          label="Manifest URL or path"
          required
          hint="its mf-manifest.json: https://cdn…/mf-manifest.json or /remotes/…/mf-manifest.json"
          error={errorOf('entry')}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              dir="ltr"
              size={48}
              autoComplete="off"
              value={form.entry}
              onChange={(event) => set('entry', event.target.value)}
            />
          )}
        </StaffField>
      </FieldRow>
      <StaffField label="Notes" hint="What changed (optional)" error={errorOf('notes')}>
        {(control) => (
          <textarea
            {...control}
            dir="auto"
            rows={2}
            value={form.notes}
            onChange={(event) => set('notes', event.target.value)}
          />
        )}
      </StaffField>
      <Actions>
        <Button type="submit" disabled={busy}>
          Register
        </Button>
      </Actions>
    </form>
  );
}
