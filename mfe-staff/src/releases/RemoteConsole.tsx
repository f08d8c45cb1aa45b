import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@site/shared-ui';
import type { AutomaticRollback, Release, ReleaseHealth, RemoteListing } from '@site/contracts/releases-api';
import { Notice } from '../ui/Notice';
import { Table } from '../ui/Table';
import { formatDateTime } from '../ui/format';
import { Actions } from '../ui/StaffField';
import { CanaryForm } from './CanaryForm';
import { ConfirmDialog } from './ConfirmDialog';
import { RecordRunForm } from './RecordRunForm';
import { RegisterForm } from './RegisterForm';
import { RemoteVitals } from './VitalsSection';
import { messageOf } from './releaseCalls';
import { useMovePointersMutation } from './releasesApi';

const Section = styled.section`
  margin-bottom: 40px;
  h3 { margin: 24px 0 8px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 16px; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  code { overflow-wrap: anywhere; }
`;

/** What a release is to visitors now. */
/** A live release's loads as visitors' browsers reported them (one per page view), and the server's render errors. */
function healthText({ loads, failures, renderErrors }: ReleaseHealth): string {
  const all = loads + failures;
  const share = all === 0 ? '' : ` (${((failures * 100) / all).toFixed(1)} %)`;
  return `${all} loads, ${failures} failed${share}; ${renderErrors} server render errors`;
}

/** Whether promote waits for a passed test run pinned to the canary (the server's RELEASE_REQUIRE_PASSED_RUN). */
const gateText = (listing: RemoteListing): string =>
  listing.promoteGate.requiresPassedRun
    ? 'Only after a test run pinned to the canary passed (RELEASE_REQUIRE_PASSED_RUN names this remote)'
    : 'No test run required (RELEASE_REQUIRE_PASSED_RUN does not name this remote)';

/** The latest run recorded for the current canary: the one the gate looks at. */
function latestRunText({ promoteGate: { latestRun } }: RemoteListing): string {
  if (latestRun === undefined) return 'None recorded';
  const report = latestRun.report === null ? '' : `: ${latestRun.report}`;
  return `${latestRun.passed ? 'Passed' : 'Failed'}, recorded by ${latestRun.recordedBy} on ${formatDateTime(latestRun.recordedAt)}${report}`;
}

function stateOf(listing: RemoteListing, release: Release): string {
  const rolledBack = release.rolledBack === null ? '' : ', rolled back automatically';
  if (release.id === listing.stable.id) return 'Stable';
  if (release.id === listing.canary?.id) return `Canary, ${listing.canaryPercent} %${rolledBack}`;
  if (release.id === listing.previousStable?.id) return 'Previous stable';
  return rolledBack === '' ? '—' : 'Rolled back automatically';
}

/** Why the canary cannot be promoted: the automatic rollback took it out (the server refuses its promote too). */
const rolledBackText = ({ at, reason }: AutomaticRollback): string =>
  `Rolled back automatically on ${formatDateTime(at)} because ${reason}. It cannot be promoted until an admin registers it again (the same version and manifest).`;

type Pending = 'promote' | 'rollback' | null;

/** One remote's releases and pointers, and the changes its team makes: register, canary, promote, roll back. */
export function RemoteConsole({ listing, onChanged }: { listing: RemoteListing; onChanged: () => void }) {
  const [movePointers] = useMovePointersMutation();
  const { remote } = listing;
  const [pending, setPending] = useState<Pending>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const headingId = `remote-${remote}`;
  const changed = (text: string) => {
    setMessage({ tone: 'success', text });
    onChanged();
  };

  const move = async (action: 'promote' | 'rollback') => {
    setPending(null);
    setMessage(null);
    try {
      const state = await movePointers({ remote, action }).unwrap();
      changed(
        action === 'promote'
          ? `${state.stable.version} is now stable for every visitor.`
          : `Rolled back: every visitor gets ${state.stable.version}.`,
      );
    } catch (error) {
      setMessage({ tone: 'error', text: messageOf(error) });
    }
  };

  const canRollBack =
    listing.previousStable !== undefined || (listing.canary !== undefined && listing.canaryPercent > 0);
  const canaryRolledBack = listing.canary?.rolledBack ?? null;
  const rolledBackId = `remote-${remote}-rolled-back`;
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>{remote}</h2>
      <dl>
        <dt>Stable</dt>
        <dd>{listing.stable.version}</dd>
        <dt>Canary</dt>
        <dd>
          {listing.canary === undefined
            ? 'None'
            : `${listing.canary.version} for ${listing.canaryPercent} % of visitors`}
        </dd>
        {canaryRolledBack !== null && (
          <>
            <dt>Canary rolled back</dt>
            <dd id={rolledBackId}>{rolledBackText(canaryRolledBack)}</dd>
          </>
        )}
        <dt>Stable's loads</dt>
        <dd>{healthText(listing.health.stable)}</dd>
        {listing.canary !== undefined && listing.health.canary !== undefined && (
          <>
            <dt>Canary's loads</dt>
            <dd>{healthText(listing.health.canary)}</dd>
          </>
        )}
        <dt>Promote</dt>
        <dd>{gateText(listing)}</dd>
        {listing.canary !== undefined && (
          <>
            <dt>Canary's latest test run</dt>
            <dd>{latestRunText(listing)}</dd>
          </>
        )}
        <dt>Follows</dt>
        <dd>
          {listing.source === 'variables'
            ? 'the REMOTE_* variables (until the first change here)'
            : `this registry (changed ${formatDateTime(listing.changedAt)})`}
        </dd>
      </dl>
      <Table caption={`Releases of ${remote}, newest first`}>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Now</th>
            <th scope="col">Manifest</th>
            <th scope="col">Registered by</th>
            <th scope="col">When</th>
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {listing.releases.map((release) => (
            <tr key={release.id}>
              <th scope="row">{release.version}</th>
              <td>{stateOf(listing, release)}</td>
              <td>
                <code dir="ltr">{release.entry}</code>
              </td>
              <td>{release.registeredBy}</td>
              <td>{formatDateTime(release.registeredAt)}</td>
              <td dir="auto">{release.notes ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Notice tone={message?.tone ?? 'info'}>{message?.text}</Notice>

      <h3>Page speed</h3>
      {/* keyed by the live releases: a new canary or stable is read afresh */}
      <RemoteVitals
        key={`${listing.stable.id} ${listing.canary?.id ?? 'none'} ${listing.canaryPercent}`}
        remote={remote}
      />

      <h3>Canary</h3>
      <CanaryForm
        key={`${listing.canary?.id ?? 'none'} ${listing.releases.length}`}
        listing={listing}
        onChanged={(_state, text) => changed(text)}
      />
      <Actions>
        <Button
          type="button"
          $variant="secondary"
          disabled={listing.canary === undefined || canaryRolledBack !== null}
          aria-describedby={canaryRolledBack === null ? undefined : rolledBackId}
          onClick={() => setPending('promote')}
        >
          Promote the canary…
        </Button>
        <Button type="button" $variant="secondary" disabled={!canRollBack} onClick={() => setPending('rollback')}>
          Roll back…
        </Button>
      </Actions>

      <h3>Test run of the canary</h3>
      <RecordRunForm key={listing.canary?.id ?? 'none'} listing={listing} onRecorded={changed} />

      <h3>Register a release</h3>
      <RegisterForm
        remote={remote}
        onRegistered={(release) =>
          changed(`${release.version} is registered. Set it as the canary to put it in front of some visitors.`)
        }
      />

      <ConfirmDialog
        title={`Promote ${listing.canary?.version ?? ''} of ${remote}?`}
        confirm="Promote"
        open={pending === 'promote'}
        onConfirm={() => void move('promote')}
        onClose={() => setPending(null)}
      >
        <p>Every visitor gets it at once; {listing.stable.version} becomes the release a rollback returns to.</p>
      </ConfirmDialog>
      <ConfirmDialog
        title={`Roll back ${remote}?`}
        confirm="Roll back"
        open={pending === 'rollback'}
        onConfirm={() => void move('rollback')}
        onClose={() => setPending(null)}
      >
        <p>
          {listing.previousStable !== undefined
            ? `The canary is taken out and every visitor gets ${listing.previousStable.version} again.`
            : 'The canary is taken out: every visitor gets the stable release.'}
        </p>
      </ConfirmDialog>
    </Section>
  );
}
