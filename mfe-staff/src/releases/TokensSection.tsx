import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, LoadError, Spinner, VisuallyHidden } from '@site/shared-ui';
import { RELEASED_REMOTES, type ReleasedRemote } from '@site/contracts/federation';
import { useReleaseTokensQuery } from '../api/staffApi';
import {
  TOKEN_MAX_DAYS,
  type CreatedReleaseToken,
  type ReleaseTokenInfo,
  type TokenScope,
} from '@site/contracts/releases-api';
import type { ReleaseTokenBody } from '@site/contracts/releases-api-schemas';
import { CopyButton } from '../ui/CopyButton';
import { Notice } from '../ui/Notice';
import { Table } from '../ui/Table';
import { formatDateTime } from '../ui/format';
import { Actions, FieldRow, StaffField } from '../ui/StaffField';
import { staffResource } from '../ui/staffResource';
import { ConfirmDialog } from './ConfirmDialog';
import { messageOf, problemFieldOf } from './releaseCalls';
import { useCreateReleaseTokenMutation, useRevokeReleaseTokenMutation } from './releasesApi';

const Section = styled.section`
  h3 { margin: 24px 0 8px; }
  fieldset { border: 0; margin: 0; padding: 0; }
  legend { font-weight: 600; margin-bottom: 6px; }
  fieldset label { display: inline-flex; align-items: center; gap: 8px; min-height: 44px; margin-inline-end: 16px; }
  fieldset input { width: 20px; height: 20px; }
`;

const Secret = styled.div`
  margin: 16px 0;
  code { display: block; margin: 8px 0; padding: 8px; overflow-wrap: anywhere; background: ${({ theme }) => theme.colors.surfaceAlt}; }
`;

function stateOf(token: ReleaseTokenInfo, now: number): string {
  if (token.revokedAt !== null) return `Revoked ${formatDateTime(token.revokedAt)}`;
  if (Date.parse(token.expiresAt) <= now) return 'Expired';
  return 'In force';
}

type Field = 'name' | 'remotes' | 'expiresInDays';

/** What each scope lets a token do, as the form and the list say it. */
const SCOPE_LABELS: Record<TokenScope, string> = {
  release: 'Release remotes',
  stock: 'Send the stock feed (the ERP)',
  orders: 'Read the orders (the ERP)',
};

/** What a listed token may do: its remotes, or the stock feed. */
const mayOf = (token: ReleaseTokenInfo): string =>
  token.scope === 'stock' ? 'Stock feed' : token.scope === 'orders' ? 'Orders' : `Release ${token.remotes.join(', ')}`;

/** The field a refusal of the token form is about: the one its first problem names; else the name's. */
const fieldOf = (error: unknown): Field => problemFieldOf(error, ['remotes', 'expiresInDays'] as const) ?? 'name';

/** Administrators' tokens for deployment pipelines: made here (the secret shown once), listed without secrets, revoked. */
export function TokensSection() {
  const [createReleaseToken] = useCreateReleaseTokenMutation();
  const [revokeReleaseToken] = useRevokeReleaseTokenMutation();
  const { resource, retry } = staffResource(useReleaseTokensQuery());
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('release');
  const [remotes, setRemotes] = useState<ReleasedRemote[]>([]);
  const [days, setDays] = useState('90');
  const [refusal, setRefusal] = useState<{ field: Field; message: string } | null>(null);
  const [made, setMade] = useState<CreatedReleaseToken | null>(null);
  const [revoking, setRevoking] = useState<ReleaseTokenInfo | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // the page's opening time: a token expiring while the page is open is shown as in force until the next visit
  const [now] = useState(Date.now);
  const errorOf = (field: Field) => (refusal?.field === field ? refusal.message : undefined);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    setMade(null);
    setMessage(null);
    try {
      const expiresInDays = /^\d+$/.test(days.trim()) ? Number(days) : Number.NaN;
      const body: ReleaseTokenBody =
        scope === 'release'
          ? { name: name.trim(), scope, remotes, expiresInDays }
          : { name: name.trim(), scope, expiresInDays };
      const token = await createReleaseToken(body).unwrap();
      setMade(token);
      setName('');
      setRemotes([]);
      retry();
    } catch (error) {
      setRefusal({ field: fieldOf(error), message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (token: ReleaseTokenInfo) => {
    setRevoking(null);
    try {
      await revokeReleaseToken(token.id).unwrap();
      setMessage({ tone: 'success', text: `${token.name} is revoked: pipelines using it are refused from now on.` });
      retry();
    } catch (error) {
      setMessage({ tone: 'error', text: messageOf(error) });
    }
  };

  let list;
  if (resource.data !== undefined) {
    list =
      resource.data.tokens.length === 0 ? (
        <p>No tokens yet.</p>
      ) : (
        <Table caption="Pipeline tokens, newest first (their secrets are never shown again)">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">May</th>
              <th scope="col">Made by</th>
              <th scope="col">Expires</th>
              <th scope="col">Last used</th>
              <th scope="col">State</th>
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {resource.data.tokens.map((token) => (
              <tr key={token.id}>
                <th scope="row">{token.name}</th>
                <td>{mayOf(token)}</td>
                <td>
                  {token.createdBy}, {formatDateTime(token.createdAt)}
                </td>
                <td>{formatDateTime(token.expiresAt)}</td>
                <td>{token.lastUsedAt === null ? 'Never' : formatDateTime(token.lastUsedAt)}</td>
                <td>{stateOf(token, now)}</td>
                <td>
                  {stateOf(token, now) === 'In force' ? (
                    <Button
                      type="button"
                      $variant="secondary"
                      aria-label={`Revoke ${token.name}`}
                      onClick={() => setRevoking(token)}
                    >
                      Revoke
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      );
  } else if (resource.status === 'failed') {
    list = <LoadError message={`The tokens could not be loaded. ${resource.error}`} onRetry={retry} />;
  } else {
    list = <Spinner label="Loading the tokens" />;
  }

  return (
    <Section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">Pipeline tokens</h2>
      <p>
        A deployment pipeline releases through the API (/api/releases/…) or `npm run remotes` with a release token made
        here, for the remotes it names. The ERP sends stock (/api/stock) with a stock token. A token of one kind is
        refused by the other&apos;s API.
      </p>
      <form aria-label="Make a pipeline token" onSubmit={(event) => void create(event)} noValidate>
        <FieldRow>
          <StaffField label="Name" required hint='What uses it, e.g. "catalogue pipeline"' error={errorOf('name')}>
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="off"
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </StaffField>
          <StaffField
            label="Valid for (days)"
            required
            hint={`1 to ${TOKEN_MAX_DAYS}`}
            error={errorOf('expiresInDays')}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={TOKEN_MAX_DAYS}
                step={1}
                value={days}
                onChange={(event) => setDays(event.target.value)}
              />
            )}
          </StaffField>
        </FieldRow>
        <fieldset>
          <legend>What it may do</legend>
          {(['release', 'stock', 'orders'] as const).map((each) => (
            <label key={each}>
              <input
                type="radio"
                name="token-scope"
                value={each}
                checked={scope === each}
                onChange={() => setScope(each)}
              />
              {SCOPE_LABELS[each]}
            </label>
          ))}
        </fieldset>
        <fieldset
          hidden={scope !== 'release'}
          aria-describedby={errorOf('remotes') === undefined ? undefined : 'token-remotes-error'}
        >
          <legend>Remotes it may release</legend>
          {RELEASED_REMOTES.map((remote) => (
            <label key={remote}>
              <input
                type="checkbox"
                checked={remotes.includes(remote)}
                onChange={(event) =>
                  setRemotes((current) =>
                    event.target.checked ? [...current, remote] : current.filter((name) => name !== remote),
                  )
                }
              />
              {remote}
            </label>
          ))}
          {errorOf('remotes') === undefined ? null : (
            <p id="token-remotes-error" role="alert">
              {errorOf('remotes')}
            </p>
          )}
        </fieldset>
        <Actions>
          <Button type="submit" disabled={busy}>
            Make token
          </Button>
        </Actions>
      </form>
      {made !== null ? (
        <Secret>
          <strong>Copy the token for {made.name} now: it is shown only this once and cannot be seen again.</strong>
          <code dir="ltr" data-testid="new-token">
            {made.token}
          </code>
          <CopyButton text={made.token} label="Copy the token" done="Copied." />
        </Secret>
      ) : null}
      <Notice tone={message?.tone ?? 'info'}>{message?.text}</Notice>
      <h3>Tokens</h3>
      {list}
      <ConfirmDialog
        title={`Revoke ${revoking?.name ?? ''}?`}
        confirm="Revoke"
        open={revoking !== null}
        onConfirm={() => revoking !== null && void revoke(revoking)}
        onClose={() => setRevoking(null)}
      >
        <p>Pipelines using it are refused from the next call. This cannot be undone: make a new token instead.</p>
      </ConfirmDialog>
    </Section>
  );
}
