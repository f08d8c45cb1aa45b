import { Fragment } from 'react';
import styled from 'styled-components';
import { LoadError, PageContainer, Spinner, useAddressQuery } from '@site/shared-ui';
import type { AuditEntry } from '@site/contracts/staff-api';
import { Link } from 'react-router-dom';
import { useAuditPageQuery, useBuyerAuditPageQuery } from '../api/staffApi';
import { formatDateTime } from '../ui/format';
import { PageHeading } from '../ui/PageHeading';
import { Pager } from '../ui/Pager';
import { DataTable, type Column } from '../ui/DataTable';
import { staffResource } from '../ui/staffResource';
import { VisibleText } from '../ui/VisibleText';

/** The page number of the address (?page=3), 1 by default. */
export function auditPageOf(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The words for the audit's field names; a name not listed is shown as it is. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  step: 'Step',
  email: 'E-mail',
  address: 'Address',
  name: 'Name',
  scope: 'Scope',
  remotes: 'Remotes',
};

const Fields = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 2px 8px;
  dt { font-weight: 600; }
  dd { margin: 0; }
`;

/**
 * An entry's detail: the server's words, then each field as its name and value, one to a row. A value is shown as
 * that field's alone (hidden characters written out), so text typed into it cannot pass for another field.
 */
function EntryDetail({ entry }: { entry: AuditEntry }) {
  const fields = Object.entries(entry.fields ?? {});
  return (
    <>
      {entry.detail === null ? null : <VisibleText text={entry.detail} />}
      {fields.length === 0 ? null : (
        <Fields>
          {fields.map(([name, value]) => (
            <Fragment key={name}>
              <dt>{FIELD_LABELS[name] ?? <VisibleText text={name} />}</dt>
              <dd>{value === null ? '' : <VisibleText text={String(value)} />}</dd>
            </Fragment>
          ))}
        </Fields>
      )}
    </>
  );
}

/**
 * /staff/audit and /staff/audit/buyers (admins): who did what, newest first, a page at a time (?page=2 in the address).
 */
const AUDIT_COLUMNS: readonly Column<AuditEntry>[] = [
  { header: 'When', cell: (entry) => formatDateTime(entry.at) },
  { header: 'Who', cell: (entry) => (entry.actor === null ? 'The system' : <VisibleText text={entry.actor} />) },
  { header: 'Action', cell: (entry) => entry.action },
  { header: 'Target', cell: (entry) => (entry.target === null ? '' : <VisibleText text={entry.target} />) },
  { header: 'Detail', cell: (entry) => <EntryDetail entry={entry} /> },
];

/** The two logs: the staff's own, and the buyers' accounts' (sign-ins, company changes; the buyer as "Who"). */
const LOGS = {
  staff: { title: 'Audit log', name: 'the audit log', other: { to: '/audit/buyers', label: 'Buyers’ accounts log' } },
  buyers: {
    title: 'Buyers’ accounts log',
    name: 'the buyers’ accounts log',
    other: { to: '/audit', label: 'Staff audit log' },
  },
} as const;

export function AuditPage({ log = 'staff' }: { log?: keyof typeof LOGS }) {
  const [search, setSearch] = useAddressQuery();
  const page = auditPageOf(search);
  const staffLog = useAuditPageQuery(page, { skip: log !== 'staff' });
  const buyersLog = useBuyerAuditPageQuery(page, { skip: log !== 'buyers' });
  const { resource, retry } = staffResource(log === 'staff' ? staffLog : buyersLog);
  const data = resource.data;
  const { title, name, other } = LOGS[log];

  return (
    <PageContainer>
      <PageHeading title={title} />
      <p>
        <Link to={other.to}>{other.label}</Link>
      </p>
      {resource.status === 'failed' ? (
        <LoadError
          message={`${name[0]!.toUpperCase()}${name.slice(1)} could not be loaded. ${resource.error}`}
          onRetry={retry}
        />
      ) : null}
      {resource.status === 'loading' ? <Spinner label={`Loading ${name}`} /> : null}
      {data !== undefined && resource.status === 'ready' ? (
        data.entries.length === 0 ? (
          <p>Nothing is recorded yet.</p>
        ) : (
          <>
            <DataTable
              caption={`Page ${data.page} of ${Math.max(data.pageCount, 1)}, newest first`}
              columns={AUDIT_COLUMNS}
              rows={data.entries}
              rowKey={(entry) => entry.id}
            />
            <Pager
              page={data.page}
              pageCount={data.pageCount}
              label={`${title} pages`}
              onPage={(next) => setSearch(next > 1 ? `?page=${next}` : '')}
            />
          </>
        )
      ) : null}
    </PageContainer>
  );
}
