import { useState } from 'react';
import {
  VAT_COUNTRIES,
  VAT_COUNTRY_NAMES,
  type VatCountry,
  type VatRate,
  type VatRateTable,
} from '@site/contracts/quotations-api';
import { DataTable, type Column } from '../ui/DataTable';
import { formatDateTime } from '../ui/format';
import { problemAt } from '../ui/problems';
import { ChoiceField, RowForm, TypedField } from '../ui/RowForm';
import { staffResource } from '../ui/staffResource';
import { useSetVatRateMutation, useVatRatesQuery } from './ratesApi';
import { TableSection } from './TableSection';
import { useTableChange } from './useTableChange';

const isInForce = (table: VatRateTable, rate: VatRate) =>
  table.today.some((each) => each.country === rate.country && each.startsOn === rate.startsOn);

const columns = (table: VatRateTable): readonly Column<VatRate>[] => [
  { header: 'Country', cell: (rate) => VAT_COUNTRY_NAMES[rate.country] },
  { header: 'VAT', cell: (rate) => `${rate.ratePercent} %`, dir: 'ltr' },
  { header: 'From', cell: (rate) => rate.startsOn, dir: 'ltr' },
  { header: 'In force today', cell: (rate) => (isInForce(table, rate) ? 'Yes' : '') },
  {
    header: 'Set by',
    cell: (rate) =>
      rate.setBy === null ? 'Seeded' : `${rate.setBy}${rate.setAt === null ? '' : `, ${formatDateTime(rate.setAt)}`}`,
  },
];

/**
 * The VAT rates: each country's, from the day it starts (a quotation charges its branch's country's rate of the day it
 * is priced on, a sent one keeps it). A rate is added from a day on; the history stays, and a rate a sent quotation
 * charged is never changed: the server refuses it and names the first day a new rate can start.
 */
export function VatRates() {
  const { resource, retry } = staffResource(useVatRatesQuery());
  const [setVat, setting] = useSetVatRateMutation();
  const { outcome, problems, run } = useTableChange();
  const [country, setCountry] = useState<VatCountry>(VAT_COUNTRIES[0]);
  const [ratePercent, setRatePercent] = useState('');
  const [startsOn, setStartsOn] = useState('');

  const submit = async () => {
    const typed = ratePercent.trim();
    const done = `${VAT_COUNTRY_NAMES[country]}: VAT ${typed} % from ${startsOn}.`;
    if (await run(() => setVat({ country, ratePercent: typed, startsOn }).unwrap(), done)) {
      setRatePercent('');
      setStartsOn('');
    }
  };

  return (
    <TableSection
      id="vat-rates-heading"
      title="VAT rates"
      intro="Each country’s VAT from the day it starts, in the branch’s own calendar. A draft is charged the rate of the day it is saved; a sent quotation keeps the rate of the day it was sent, so a rate a quotation charged is kept and a new one starts after it."
      what="VAT rates"
      resource={resource}
      retry={retry}
      outcome={outcome}
      form={
        <RowForm label="New VAT rate" onSubmit={submit} busy={setting.isLoading} submitText="Add VAT rate">
          <ChoiceField
            label="Country"
            name="country"
            value={country}
            options={VAT_COUNTRIES}
            shown={(code) => VAT_COUNTRY_NAMES[code]}
            error={problemAt(problems, 'country')}
            onChange={setCountry}
          />
          <TypedField
            label="VAT (%)"
            name="ratePercent"
            required
            hint="From 0 to 100, at most 2 decimals, such as 5 or 7.5."
            error={problemAt(problems, 'ratePercent')}
            input={{ inputMode: 'decimal', autoComplete: 'off', dir: 'ltr' }}
            value={ratePercent}
            onChange={setRatePercent}
          />
          <TypedField
            label="Starts on"
            name="startsOn"
            required
            error={problemAt(problems, 'startsOn')}
            input={{ type: 'date' }}
            value={startsOn}
            onChange={setStartsOn}
          />
        </RowForm>
      }
    >
      {(table) => (
        <DataTable
          caption="VAT rates by country, each from the day it starts"
          columns={columns(table)}
          rows={table.rates}
          rowKey={(rate) => `${rate.country}:${rate.startsOn}`}
        />
      )}
    </TableSection>
  );
}
