import { memo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { InboxItemSummary } from '@site/contracts/staff-api';
import { formatDateTime } from '../ui/format';
import { KIND_LABELS, STATUS_LABELS } from '../ui/labels';
import { Table } from '../ui/Table';

const Preview = styled.td`
  max-width: 32ch;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  word-break: break-all;
`;

/** Where an item's page is, inside the app ('/inbox/quote/12'). */
export const itemPath = (item: Pick<InboxItemSummary, 'kind' | 'id'>): string => `/inbox/${item.kind}/${item.id}`;

/**
 * The rows, newest first as the server sends them. Everything the visitor typed is put in as text: React escapes it,
 * so markup in a name or message shows as the characters it is.
 */
export const InboxTable = memo(function InboxTable({
  items,
  inboxSearch,
}: {
  items: InboxItemSummary[];
  inboxSearch: string;
}) {
  return (
    <Table caption="Messages, registrations, enquiries and quote requests, newest first">
      <thead>
        <tr>
          <th scope="col">Received</th>
          <th scope="col">Kind</th>
          <th scope="col">From</th>
          <th scope="col">Company</th>
          <th scope="col">Branch</th>
          <th scope="col">Status</th>
          <th scope="col">Assigned to</th>
          <th scope="col">Message</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={`${item.kind}/${item.id}`}>
            <td>{formatDateTime(item.createdAt)}</td>
            <td>{KIND_LABELS[item.kind]}</td>
            <td>
              {/* The inbox's filters go along, so "Back to the inbox" returns to the same view. */}
              <Link to={itemPath(item)} state={{ inboxSearch }}>
                {item.name.trim() === '' ? '(no name)' : item.name}
              </Link>
              <Muted>{item.email}</Muted>
            </td>
            <td>{item.company ?? ''}</td>
            <td>{item.branch ?? ''}</td>
            <td>{STATUS_LABELS[item.status]}</td>
            <td>{item.assignee?.email ?? 'Nobody'}</td>
            <Preview title={item.preview}>{item.preview}</Preview>
          </tr>
        ))}
      </tbody>
    </Table>
  );
});
