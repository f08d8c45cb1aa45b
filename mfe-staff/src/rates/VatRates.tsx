import { useState, type FormEvent } from 'react';
import { Button } from '@site/shared-ui';
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
import { Actions, FieldRow, StaffField } from '../ui/StaffField';
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
        <form aria-label="New VAT rate" onSubmit={(event) => void submit(event)} noValidate>
          <FieldRow>
            <StaffField label="Country" error={problemAt(problems, 'country')}>
              {(control) => (
                <select
                  {...control}
                  name="country"
                  value={country}
                  onChange={(event) => setCountry(event.target.value as VatCountry)}
                >
                  {VAT_COUNTRIES.map((code) => (
                    <option key={code} value={code}>
                      {VAT_COUNTRY_NAMES[code]}
                    </option>
                  ))}
                </select>
              )}
            </StaffField>
            <StaffField
              label="VAT (%)"
              required
              hint="From 0 to 100, at most 2 decimals, such as 5 or 7.5."
              error={problemAt(problems, 'ratePercent')}
            >
              {(control) => (
                <input
                  {...control}
                  name="ratePercent"
                  inputMode="decimal"
                  autoComplete="off"
                  dir="ltr"
                  value={ratePercent}
                  onChange={(event) => setRatePercent(event.target.value)}
                />
              )}
            </StaffField>
            <StaffField label="Starts on" required error={problemAt(problems, 'startsOn')}>
              {(control) => (
                <input
                  {...control}
                  type="date"
                  name="startsOn"
                  value={startsOn}
                  onChange={(event) => setStartsOn(event.target.value)}
                />
              )}
            </StaffField>
            <Actions>
              <Button type="submit" disabled={setting.isLoading}>
                Add VAT rate
              </Button>
            </Actions>
          </FieldRow>
        </form>
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
