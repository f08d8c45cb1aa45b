import { useState } from 'react';
import { RATE_CURRENCIES, type CurrencyRate, type RateCurrency } from '@site/contracts/quotations-api';
import { DataTable, type Column } from '../ui/DataTable';
import { formatDateTime } from '../ui/format';
import { problemAt } from '../ui/problems';
import { ChoiceField, RowForm, TypedField } from '../ui/RowForm';
import { staffResource } from '../ui/staffResource';
import { useCurrencyRatesQuery, useSetCurrencyRateMutation } from './ratesApi';
import { TableSection } from './TableSection';
import { useTableChange } from './useTableChange';

/** A currency's row of the rates in use: its rate, or none yet. */
interface InUse {
  currency: RateCurrency;
  rate: CurrencyRate | undefined;
}

const IN_USE_COLUMNS: readonly Column<InUse>[] = [
  { header: 'Currency', cell: (row) => row.currency },
  {
    header: '1 AED =',
    cell: (row) =>
      row.rate === undefined
        ? `Not set: quotations in ${row.currency} cannot be prepared yet`
        : `${row.rate.rate} ${row.currency}`,
    dir: 'ltr',
  },
  { header: 'In use from', cell: (row) => (row.rate === undefined ? '—' : formatDateTime(row.rate.setAt)) },
  { header: 'Set by', cell: (row) => row.rate?.setBy ?? '—' },
];

const HISTORY_COLUMNS: readonly Column<CurrencyRate>[] = [
  { header: 'Currency', cell: (rate) => rate.currency },
  { header: '1 AED =', cell: (rate) => `${rate.rate} ${rate.currency}`, dir: 'ltr' },
  { header: 'In use from', cell: (rate) => formatDateTime(rate.setAt) },
  { header: 'Set by', cell: (rate) => rate.setBy ?? '—' },
];

/**
 * The exchange rates: what a dirham (the catalogue's currency) is worth in each other branch's currency. A rate is in
 * use from the moment it is set, for the quotations prepared from then on; it is never changed: a new rate is a new
 * row, and every quotation keeps the rate it was priced at.
 */
export function CurrencyRates() {
  const { resource, retry } = staffResource(useCurrencyRatesQuery());
  const [setRate, setting] = useSetCurrencyRateMutation();
  const { outcome, problems, run } = useTableChange();
  const [currency, setCurrency] = useState<RateCurrency>(RATE_CURRENCIES[0]);
  const [rate, setRateText] = useState('');

  const submit = async () => {
    const typed = rate.trim();
    if (
      await run(
        () => setRate({ currency, body: { rate: typed } }).unwrap(),
        `1 AED = ${typed} ${currency} is in use from now on for new quotations.`,
      )
    )
      setRateText('');
  };

  return (
    <TableSection
      id="currency-rates-heading"
      title="Exchange rates"
      intro="What 1 AED, the catalogue’s currency, is worth in each branch’s currency. A new rate prices the quotations prepared from then on; each quotation keeps the rate it was priced at, and every rate set stays in the history."
      what="exchange rates"
      resource={resource}
      retry={retry}
      outcome={outcome}
      form={
        <RowForm label="New exchange rate" onSubmit={submit} busy={setting.isLoading} submitText="Set rate">
          <ChoiceField
            label="Currency"
            name="currency"
            value={currency}
            options={RATE_CURRENCIES}
            onChange={setCurrency}
          />
          <TypedField
            label={`1 AED in ${currency}`}
            name="rate"
            required
            hint="Up to 10 decimals, as published, such as 0.10477: never rounded."
            error={problemAt(problems, 'rate')}
            input={{ inputMode: 'decimal', autoComplete: 'off', dir: 'ltr' }}
            value={rate}
            onChange={setRateText}
          />
        </RowForm>
      }
    >
      {(table) => (
        <>
          <DataTable
            caption="Rates in use"
            columns={IN_USE_COLUMNS}
            rows={RATE_CURRENCIES.map((code) => ({
              currency: code,
              rate: table.current.find((each) => each.currency === code),
            }))}
            rowKey={(row) => row.currency}
          />
          {table.history.length === 0 ? null : (
            <DataTable
              caption="Every rate set, newest first"
              columns={HISTORY_COLUMNS}
              rows={table.history}
              rowKey={(each) => `${each.currency}:${each.setAt}`}
            />
          )}
        </>
      )}
    </TableSection>
  );
}
