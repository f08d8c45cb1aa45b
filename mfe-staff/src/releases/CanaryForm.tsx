import { useState, type FormEvent } from 'react';
import { Button } from '@site/shared-ui';
import type { RemoteListing, RemotePointers } from '@site/contracts/releases-api';
import type { CanaryBody } from '@site/contracts/releases-api-schemas';
import { Actions, FieldRow, StaffField } from '../ui/StaffField';
import { messageOf } from './releaseCalls';
import { useSetCanaryMutation } from './releasesApi';

/** Puts a registered release in front of a share of visitors (0 % takes the canary out). */
export function CanaryForm({
  listing,
  onChanged,
}: {
  listing: RemoteListing;
  onChanged: (state: RemotePointers, message: string) => void;
}) {
  const [setCanary] = useSetCanaryMutation();
  const candidates = listing.releases.filter((release) => release.id !== listing.stable.id);
  const [version, setVersion] = useState(listing.canary?.version ?? candidates[0]?.version ?? '');
  const [percent, setPercent] = useState(String(listing.canary === undefined ? 10 : listing.canaryPercent));
  const [refusal, setRefusal] = useState<{ field: 'version' | 'percent'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (candidates.length === 0) return <p>Register a release to put it in front of some visitors as the canary.</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      const share = /^\d+$/.test(percent.trim()) ? Number(percent) : Number.NaN;
      const state = await setCanary({
        remote: listing.remote,
        body: { version, percent: share } satisfies CanaryBody,
      }).unwrap();
      onChanged(
        state,
        state.canaryPercent === 0
          ? `${version} is out of the way: every visitor gets ${state.stable.version}.`
          : `${version} is the canary for ${state.canaryPercent} % of visitors.`,
      );
    } catch (error) {
      const message = messageOf(error);
      setRefusal({ field: /^percent\b/.test(message) ? 'percent' : 'version', message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form aria-label={`Canary of ${listing.remote}`} onSubmit={(event) => void submit(event)} noValidate>
      <FieldRow>
        <StaffField label="Canary release" error={refusal?.field === 'version' ? refusal.message : undefined}>
          {(control) => (
            <select {...control} value={version} onChange={(event) => setVersion(event.target.value)}>
              {candidates.map((release) => (
                <option key={release.id} value={release.version}>
                  {release.version}
                </option>
              ))}
            </select>
          )}
        </StaffField>
        <StaffField
          label="Percent of visitors"
          hint="0 to 100; 0 takes the canary out"
          error={refusal?.field === 'percent' ? refusal.message : undefined}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
            />
          )}
        </StaffField>
        <Actions>
          <Button type="submit" disabled={busy}>
            Set canary
          </Button>
        </Actions>
      </FieldRow>
    </form>
  );
}
