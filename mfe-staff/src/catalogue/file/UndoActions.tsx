// The undo of an import, from its job's page: an import that wrote offers "Undo this import", which checks the undo
// first (an undo-check job: what it would change back, and what a later change keeps it from); a clean check offers
// "Undo the import", which does it. Each send has its own Idempotency-Key, kept for its retries; each leads to its
// job's page. An undone import says which job undid it; an undo says which import it undoes.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@site/shared-ui';
import type { ImportJob } from '@site/contracts/staff-catalogue-api';
import { newIdempotencyKey } from '../../api/idempotencyKey';
import { Notice } from '../../ui/Notice';
import { Actions } from '../../ui/StaffField';
import { useGetImportJobQuery, useUndoImportMutation } from '../catalogueApi';
import { importJobPath, refusalOf } from '../catalogueCalls';

export function UndoActions({ job }: { job: ImportJob }) {
  const navigate = useNavigate();
  const [undoImport, { isLoading }] = useUndoImportMutation();
  const [keys] = useState(() => ({ check: newIdempotencyKey(), undo: newIdempotencyKey() }));
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const done = job.state === 'done' && job.report !== null;
  // a bulk edit is an import of its rows: undone the same way
  const undoable =
    done && (job.kind === 'import' || job.kind === 'bulk') && job.report?.written === true && job.undoneBy === null;
  // an undo's own words name what it undoes: an import's file, or a bulk edit (the undone job read once, not polled)
  const undone = useGetImportJobQuery(job.undoOf ?? '', { skip: job.undoOf === null }).currentData;
  const ofBulkEdit = undone?.kind === 'bulk';
  const confirmable =
    done && job.kind === 'undo-check' && job.report?.problemCount === 0 && (job.report?.changed ?? 0) > 0;

  const send = async (id: string, dryRun: boolean) => {
    setRefusal(undefined);
    try {
      const next = await undoImport({ id, dryRun, idempotencyKey: dryRun ? keys.check : keys.undo }).unwrap();
      void navigate(importJobPath(next.id));
    } catch (error) {
      setRefusal(refusalOf(error).message);
    }
  };

  return (
    <>
      {job.undoneBy !== null ? (
        <p>
          {`This ${job.kind === 'bulk' ? 'edit' : 'import'} was undone: `}
          <Link to={importJobPath(job.undoneBy)}>the undo’s report</Link>.
        </p>
      ) : null}
      {job.undoOf !== null ? (
        <p>
          This job undoes{' '}
          <Link to={importJobPath(job.undoOf)}>
            {ofBulkEdit ? `a bulk edit (${job.fileName})` : `an import of ${job.fileName}`}
          </Link>
          .
        </p>
      ) : null}
      {undoable || confirmable ? (
        <Actions>
          {undoable ? (
            <Button type="button" $variant="secondary" disabled={isLoading} onClick={() => void send(job.id, true)}>
              {job.kind === 'bulk' ? 'Undo this edit' : 'Undo this import'}
            </Button>
          ) : null}
          {confirmable && job.undoOf !== null ? (
            <Button type="button" disabled={isLoading} onClick={() => void send(job.undoOf ?? '', false)}>
              {ofBulkEdit ? 'Undo the edit' : 'Undo the import'}
            </Button>
          ) : null}
        </Actions>
      ) : null}
      <Notice tone="error">{refusal}</Notice>
    </>
  );
}
