import { Fragment } from 'react';
import styled from 'styled-components';
import type { InboxItemDetail, QuoteLineDetail } from '@site/contracts/staff-api';
import { Table } from '../ui/Table';

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, max-content) 1fr;
  gap: 8px 24px;
  margin: 0;
  dt { font-weight: 600; }
  /* Line breaks as the visitor typed them; long words (addresses, links) wrap. */
  dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}px) {
    grid-template-columns: 1fr;
    dd { margin-bottom: 8px; }
  }
`;

/**
 * Everything the visitor sent, label and value, in the form's order. Values are React text: markup or script in them is
 * shown as the characters typed, never run (no dangerouslySetInnerHTML anywhere in the staff app).
 */
export function ItemFields({ fields }: { fields: InboxItemDetail['fields'] }) {
  if (fields.length === 0) return <p>The visitor sent no fields.</p>;
  return (
    <List>
      {fields.map(({ label, value }, index) => (
        // Labels can repeat (two phone numbers): the position keeps the keys apart.
        <Fragment key={`${index}-${label}`}>
          <dt>{label}</dt>
          <dd>{value === '' ? '—' : value}</dd>
        </Fragment>
      ))}
    </List>
  );
}

/** A quote request's lines as they were stored (the part's code, the name with its label, and unit as on the day it came). */
export function QuoteLinesTable({ lines }: { lines: QuoteLineDetail[] }) {
  return (
    <Table caption={`${lines.length} ${lines.length === 1 ? 'line' : 'lines'} requested`}>
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Product</th>
          <th scope="col">Quantity</th>
          <th scope="col">Unit</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={`${index}-${line.productId}`}>
            <td>{line.productCode}</td>
            <td>{line.variantLabel === '' ? line.productName : `${line.productName} – ${line.variantLabel}`}</td>
            <td>{line.quantity}</td>
            <td>{line.unit}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * The buyers' company account a quote request's address is in (the buyer's account on the public site): its name,
 * domain and buyers, the administrator first. Colleagues there see each other's requests and quotations.
 */
export function BuyerCompany({ company }: { company: NonNullable<InboxItemDetail['buyerCompany']> }) {
  return (
    <List>
      <dt>Company</dt>
      <dd>{company.name}</dd>
      <dt>Domain</dt>
      <dd>{company.domain}</dd>
      <dt>Buyers</dt>
      <dd>
        <ul aria-label={`Buyers of ${company.name}`}>
          {company.buyers.map((buyer) => (
            <li key={buyer}>{buyer}</li>
          ))}
        </ul>
      </dd>
    </List>
  );
}
