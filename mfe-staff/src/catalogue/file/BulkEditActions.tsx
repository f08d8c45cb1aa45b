// A bulk edit's check, from its job's page: checked without problems and changing something, "Apply this edit" writes
// the products and changes the check was made of (the server makes their rows again and checks them again), and leads
// to the edit's own job page (its report, then "Undo this edit"). Its Idempotency-Key is kept for its retries.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@site/shared-ui';
import type { ImportJob } from '@site/contracts/staff-catalogue-api';
import { newIdempotencyKey } from '../../api/idempotencyKey';
import { Notice } from '../../ui/Notice';
import { Actions } from '../../ui/StaffField';
import { useBulkEditMutation } from '../catalogueApi';
import { importJobPath, refusalOf } from '../catalogueCalls';

export function BulkEditActions({ job }: { job: ImportJob }) {
  const navigate = useNavigate();
  const [bulkEdit, { isLoading }] = useBulkEditMutation();
  const [key] = useState(newIdempotencyKey);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const applicable =
    job.kind === 'bulk-check' &&
    job.state === 'done' &&
    job.report?.problemCount === 0 &&
    (job.report?.changed ?? 0) > 0;
  const apply = async () => {
    setRefusal(undefined);
    try {
      const next = await bulkEdit({ body: { check: job.id }, dryRun: false, idempotencyKey: key }).unwrap();
      void navigate(importJobPath(next.id));
    } catch (error) {
      setRefusal(refusalOf(error).message);
    }
  };
  return (
    <>
      {applicable ? (
        <Actions>
          <Button type="button" disabled={isLoading} onClick={() => void apply()}>
            Apply this edit
          </Button>
        </Actions>
      ) : null}
      <Notice tone="error">{refusal}</Notice>
    </>
  );
}
