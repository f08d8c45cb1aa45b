import { useState, type FormEvent } from 'react';
import { Button } from '@site/shared-ui';
import type { RemoteListing } from '@site/contracts/releases-api';
import type { PinnedRunBody } from '@site/contracts/releases-api-schemas';
import { Actions, FieldRow, StaffField } from '../ui/StaffField';
import { messageOf } from './releaseCalls';
import { useRecordRunMutation } from './releasesApi';

type Outcome = 'passed' | 'failed';

/**
 * Records how a test run pinned to the live canary went (what a pipeline does with `npm run remotes -- record-run`), for
 * QA who ran the suites by hand: a remote whose promote requires a passed run is promoted only after one.
 */
export function RecordRunForm({
  listing,
  onRecorded,
}: {
  listing: RemoteListing;
  onRecorded: (message: string) => void;
}) {
  const [recordRun] = useRecordRunMutation();
  const [outcome, setOutcome] = useState<Outcome>('passed');
  const [report, setReport] = useState('');
  const [refusal, setRefusal] = useState<{ field: 'outcome' | 'report'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { canary } = listing;
  if (canary === undefined || listing.canaryPercent === 0) {
    return (
      <p>
        A test run is recorded against a live canary: put one in front of at least 1 % of visitors, run the suites
        pinned to it, then record how they went.
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      const line = report.trim();
      const { run } = await recordRun({
        remote: listing.remote,
        body: { passed: outcome === 'passed', ...(line === '' ? {} : { report: line }) } satisfies PinnedRunBody,
      }).unwrap();
      setReport('');
      onRecorded(`Recorded a ${run.passed ? 'passed' : 'failed'} test run of ${run.version}.`);
    } catch (error) {
      const message = messageOf(error);
      setRefusal({ field: /^report\b/.test(message) ? 'report' : 'outcome', message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label={`Record a test run of ${listing.remote}'s canary`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <FieldRow>
        <StaffField
          label={`Result of the run pinned to ${canary.version}`}
          error={refusal?.field === 'outcome' ? refusal.message : undefined}
        >
          {(control) => (
            <select {...control} value={outcome} onChange={(event) => setOutcome(event.target.value as Outcome)}>
              <option value="passed">Passed</option>
              <option value="failed">Failed</option>
            </select>
          )}
        </StaffField>
        <StaffField
          label="Report"
          hint="One line, e.g. the run's address (optional)"
          error={refusal?.field === 'report' ? refusal.message : undefined}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              dir="ltr"
              size={40}
              autoComplete="off"
              value={report}
              onChange={(event) => setReport(event.target.value)}
            />
          )}
        </StaffField>
        <Actions>
          <Button type="submit" disabled={busy}>
            Record test run
          </Button>
        </Actions>
      </FieldRow>
    </form>
  );
}
