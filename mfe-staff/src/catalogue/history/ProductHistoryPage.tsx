import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, LoadError, PageContainer, Spinner } from '@site/shared-ui';
import { useCatalogueDiffQuery, useCatalogueProductQuery, useCatalogueVersionsQuery } from '../../api/staffApi';
import { formatDateTime } from '../../ui/format';
import { Notice } from '../../ui/Notice';
import { PageHeading } from '../../ui/PageHeading';
import { Actions, FieldRow, StaffField } from '../../ui/StaffField';
import { Table } from '../../ui/Table';
import { staffResource } from '../../ui/staffResource';
import { useRestoreProductVersionMutation } from '../catalogueApi';
import { editPath, importJobPath, refusalOf, useProductAnswered } from '../catalogueCalls';

const Value = styled.pre`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font: inherit;
`;

const Section = styled.section`
  margin-top: 24px;
  h2 { margin: 0 0 12px; }
`;

/** A value of the diff as text: a string as it is, anything else as JSON; "(none)" for a field one side lacks. */
export function diffValueText(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return JSON.stringify(value, null, 1);
}

const versionName = (version: number) => (version === 0 ? 'Version 0 (before the editor)' : `Version ${version}`);

/** /staff/catalogue/:id/history: the published versions, the fields that differ between two, and a restore. */
export function ProductHistoryPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [restoreProductVersion] = useRestoreProductVersionMutation();
  const versions = staffResource(useCatalogueVersionsQuery(id));
  const product = staffResource(useCatalogueProductQuery(id));
  const productAnswered = useProductAnswered(id);
  const [compare, setCompare] = useState<{ from: number; to: number } | undefined>(undefined);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const list = versions.resource.data?.versions ?? [];
  const newest = list[0]?.version;
  const oldest = list[list.length - 1]?.version;
  const chosen =
    compare ??
    (newest !== undefined && oldest !== undefined && list.length > 1
      ? { from: list[1]!.version, to: newest }
      : undefined);

  const restore = async (version: number) => {
    const current = product.resource.data;
    if (current === undefined) return;
    setBusy(true);
    setMessage(undefined);
    try {
      const answer = await restoreProductVersion({ id, version, baseVersion: current.version }).unwrap();
      await productAnswered(answer);
      setMessage({
        tone: 'success',
        text: `${versionName(version)} is now the draft. Open the editor to check and publish it.`,
      });
    } catch (error) {
      const refusal = refusalOf(error);
      setMessage({
        tone: 'error',
        text:
          refusal.kind === 'stale'
            ? `Not restored: ${refusal.changedBy ?? 'someone'} changed this product on ${formatDateTime(refusal.changedAt)}. The page now shows the latest; try again.`
            : `Not restored: ${refusal.message}`,
      });
      if (refusal.kind === 'stale') product.retry();
    } finally {
      setBusy(false);
    }
  };

  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // read from the controls, not with FormData (jsdom's forms cannot give one to Node's FormData in the tests)
    const { elements } = event.currentTarget;
    const valueOf = (name: string) => {
      const control = elements.namedItem(name);
      return control instanceof HTMLSelectElement ? Number(control.value) : undefined;
    };
    const from = valueOf('from');
    const to = valueOf('to');
    if (from !== undefined && to !== undefined) setCompare({ from, to });
  };

  const name = product.resource.data?.published.productName ?? id;
  return (
    <PageContainer>
      <PageHeading title={`History: ${name}`} />
      <p>
        <Link to={editPath(id)}>Back to the editor</Link> · <Link to="/catalogue">Back to the catalogue</Link>
      </p>
      <Notice tone={message?.tone ?? 'info'}>
        {message?.text}
        {message?.tone === 'success' ? (
          <>
            {' '}
            <Button type="button" $variant="secondary" onClick={() => void navigate(editPath(id))}>
              Open the editor
            </Button>
          </>
        ) : null}
      </Notice>
      {versions.resource.status === 'loading' ? <Spinner label="Loading the versions" /> : null}
      {versions.resource.status === 'failed' ? (
        <LoadError message={`The versions could not be loaded. ${versions.resource.error}`} onRetry={versions.retry} />
      ) : null}
      {versions.resource.status === 'ready' && list.length === 0 ? (
        <p>Nothing has been published in the editor yet: there are no versions.</p>
      ) : null}
      {list.length > 0 ? (
        <Section aria-labelledby="versions-heading">
          <h2 id="versions-heading">Published versions</h2>
          <Table caption="Published versions, newest first">
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Published by</th>
                <th scope="col">Published on</th>
                <th scope="col">Restore</th>
              </tr>
            </thead>
            <tbody>
              {list.map((entry) => (
                <tr key={entry.version}>
                  <td>{versionName(entry.version)}</td>
                  <td>
                    {entry.action === 'import' || entry.action === 'undo-import' || entry.action === 'bulk-edit' ? (
                      <>
                        {entry.action === 'import'
                          ? `Imported by ${entry.publishedBy ?? 'the command line'}${entry.importedFrom === undefined ? '' : ` from ${entry.importedFrom}`}`
                          : entry.action === 'bulk-edit'
                            ? `Changed by ${entry.publishedBy ?? 'someone'} in a bulk edit${entry.importedFrom === undefined ? '' : ` (${entry.importedFrom})`}`
                            : `Undone by ${entry.publishedBy ?? 'someone'}${entry.importedFrom === undefined ? '' : ` (${entry.importedFrom})`}`}
                        {entry.importJob === undefined ? null : (
                          <>
                            {' '}
                            (
                            <Link to={importJobPath(entry.importJob)}>
                              {entry.action === 'bulk-edit' ? 'the edit’s report' : 'the import’s report'}
                            </Link>
                            )
                          </>
                        )}
                      </>
                    ) : entry.onSchedule === true ? (
                      `Published on schedule, scheduled by ${entry.publishedBy ?? 'someone'}`
                    ) : (
                      (entry.publishedBy ?? 'Seed or import')
                    )}
                  </td>
                  <td>{formatDateTime(entry.publishedAt)}</td>
                  <td>
                    <Button
                      type="button"
                      $variant="secondary"
                      disabled={busy || product.resource.data === undefined}
                      onClick={() => void restore(entry.version)}
                    >
                      {`Restore version ${entry.version} as a draft`}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Section>
      ) : null}
      {list.length > 1 && chosen !== undefined ? (
        <Section aria-labelledby="compare-heading">
          <h2 id="compare-heading">Compare two versions</h2>
          <form onSubmit={choose} aria-label="Choose the versions to compare">
            <FieldRow>
              <VersionSelect label="From version" name="from" chosen={chosen.from} versions={list} />
              <VersionSelect label="To version" name="to" chosen={chosen.to} versions={list} />
              <Actions>
                <Button type="submit">Compare</Button>
              </Actions>
            </FieldRow>
          </form>
          <DiffTable id={id} from={chosen.from} to={chosen.to} />
        </Section>
      ) : null}
    </PageContainer>
  );
}

function DiffTable({ id, from, to }: { id: string; from: number; to: number }) {
  const { resource, retry } = staffResource(useCatalogueDiffQuery({ id, from, to }));
  if (resource.status === 'failed')
    return <LoadError message={`The differences could not be loaded. ${resource.error}`} onRetry={retry} />;
  // not the last pair's answer under the new pair's caption
  if (resource.status === 'loading') return <Spinner label="Loading the differences" />;
  const { changes } = resource.data;
  if (changes.length === 0)
    return <p role="status">{`${versionName(from)} and ${versionName(to)} have the same content.`}</p>;
  return (
    <Table caption={`Fields that differ from version ${from} to version ${to}`}>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">{`Version ${from}`}</th>
          <th scope="col">{`Version ${to}`}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{change.field}</th>
            <td>
              <Value>{diffValueText(change.before)}</Value>
            </td>
            <td>
              <Value>{diffValueText(change.after)}</Value>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** One end of the comparison: a list of the versions, named as the page names them. */
function VersionSelect({
  label,
  name,
  chosen,
  versions,
}: {
  label: string;
  name: string;
  chosen: number;
  versions: readonly { version: number }[];
}) {
  return (
    <StaffField label={label}>
      {(control) => (
        <select {...control} name={name} defaultValue={String(chosen)}>
          {versions.map((entry) => (
            <option key={entry.version} value={entry.version}>
              {versionName(entry.version)}
            </option>
          ))}
        </select>
      )}
    </StaffField>
  );
}
