// The quotation as sent: its lines (code, description with the part's availability when priced, quantity in its
// unit's words, unit price, discount, line total, VAT) and totals with the validity beside them, every amount in the
// currency's own digits.
import styled from 'styled-components';
import type { BuyerQuotation } from '@site/contracts/quotation-link-api';
import { useLocale } from '@site/shared-store';
import { useQuotationText } from './i18n/quotationText';
import { Ltr } from '../i18n/Ltr';
import { formatAmount, formatDay, formatNumber } from './money';

const Scroll = styled.div`
  overflow-x: auto;
`;

const Availability = styled.small`
  display: block;
  margin-block-start: 4px;
`;

// a replaced quotation's figures: struck through and muted, besides the caption and total that say so in words
const Table = styled.table<{ $superseded: boolean }>`
  width: 100%;
  border-collapse: collapse;
  ${({ $superseded, theme }) =>
    $superseded
      ? `td.money { text-decoration: line-through; color: ${theme.colors.textMuted}; } caption { font-weight: 700; }`
      : ''}
  th, td { padding: 8px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: start; vertical-align: top; }
  td.amount, th.amount { text-align: end; white-space: nowrap; }
  tfoot th { text-align: end; }
`;

export function QuotationTable({ quotation }: { quotation: BuyerQuotation }) {
  const text = useQuotationText();
  const locale = useLocale();
  const money = (amount: string) => <Ltr>{formatAmount(amount, quotation.currency, quotation.decimals, locale)}</Ltr>;
  const superseded = quotation.state === 'superseded';
  return (
    <Scroll>
      <Table $superseded={superseded}>
        <caption>
          {superseded ? text('contact.quotation.superseded.linesCaption') : text('contact.quotation.linesCaption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{text('contact.quotation.column.code')}</th>
            <th scope="col">{text('contact.quotation.column.description')}</th>
            <th scope="col" className="amount">
              {text('contact.quotation.column.quantity')}
            </th>
            <th scope="col" className="amount">
              {text('contact.quotation.column.unitPrice')}
            </th>
            <th scope="col" className="amount">
              {text('contact.quotation.column.discount')}
            </th>
            <th scope="col" className="amount">
              {text('contact.quotation.column.lineTotal')}
            </th>
            <th scope="col" className="amount">
              {text('contact.quotation.column.vat')}
            </th>
          </tr>
        </thead>
        <tbody>
          {quotation.lines.map((line) => (
            <tr key={line.position}>
              <td>{line.code === null ? '' : <Ltr>{line.code}</Ltr>}</td>
              <td>
                {line.description}
                {line.availability === null || line.availability === undefined ? null : (
                  <Availability>
                    {text('contact.quotation.availability')} {line.availability}
                  </Availability>
                )}
              </td>
              {/* in its unit's words, as the server says them in the buyer's language ('100 pieces', 'قطعة واحدة') */}
              <td className="amount">{line.quantityText ?? `${line.quantity} ${line.unit}`}</td>
              <td className="amount money">{money(line.unitPrice)}</td>
              <td className="amount">
                <Ltr>{formatNumber(line.discountPercent, locale)}%</Ltr>
              </td>
              <td className="amount money">{money(line.lineTotal)}</td>
              <td className="amount money">
                {money(line.vat)} (<Ltr>{formatNumber(line.vatPercent, locale)}%</Ltr>)
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={6}>
              {text('contact.quotation.subtotal')}
            </th>
            <td className="amount money">{money(quotation.totals.subtotal)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={6}>
              {text('contact.quotation.vatTotal')}
            </th>
            <td className="amount money">{money(quotation.totals.vat)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={6}>
              {superseded ? text('contact.quotation.superseded.total') : text('contact.quotation.total')}
            </th>
            <td className="amount money" data-testid="quotation-total">
              {money(quotation.totals.total)}
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={6}>
              {text('contact.quotation.validUntil')}
            </th>
            <td className="amount">{formatDay(quotation.validUntil, locale)}</td>
          </tr>
        </tfoot>
      </Table>
    </Scroll>
  );
}
