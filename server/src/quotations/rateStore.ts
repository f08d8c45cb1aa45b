// The two tables admins keep for quotations: what a dirham is worth in each other currency (every rate set kept, the
// latest in use) and each country's VAT rate from the day it starts. Each change has its audit line, written in its
// transaction by the function the staff feature passes in.
import { sql, type Kysely } from 'kysely';
import {
  RATE_CURRENCIES,
  VAT_COUNTRIES,
  VAT_COUNTRY_NAMES,
  type CurrencyRate,
  type CurrencyRateTable,
  type RateCurrency,
  type VatCountry,
  type VatRate,
  type VatRateTable,
} from '@site/contracts/quotations-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import { addDays } from './days.js';
import { conflict } from './errors.js';
import { formatPercent, formatRate, type ExactRate } from '@site/contracts/quotation-money';
import type { StaffActor, RecordStaffAction } from './staffSide.js';

export interface StoredRate {
  id: number;
  rate: ExactRate;
  setBy: string | null;
  setAt: Date;
}

/** The rate in use for `currency` (the latest set), or undefined when none was ever set. */
export async function currentRate(db: Kysely<DatabaseSchema>, currency: RateCurrency): Promise<StoredRate | undefined> {
  const row = await db
    .selectFrom('quotation_currency_rates')
    .select(['id', sql<string>`rate_value::text`.as('value'), 'rate_scale', 'set_by_email', 'set_at'])
    .where('currency', '=', currency)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : {
        id: row.id,
        rate: { value: BigInt(row.value), scale: row.rate_scale },
        setBy: row.set_by_email,
        setAt: row.set_at,
      };
}

export async function currencyRateTable(db: Kysely<DatabaseSchema>): Promise<CurrencyRateTable> {
  const rows = await db
    .selectFrom('quotation_currency_rates')
    .select(['id', 'currency', sql<string>`rate_value::text`.as('value'), 'rate_scale', 'set_by_email', 'set_at'])
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  const history = rows.map(
    (row): CurrencyRate => ({
      currency: row.currency,
      rate: formatRate({ value: BigInt(row.value), scale: row.rate_scale }),
      setBy: row.set_by_email,
      setAt: row.set_at.toISOString(),
    }),
  );
  const current: CurrencyRate[] = [];
  for (const currency of RATE_CURRENCIES) {
    const stored = await currentRate(db, currency);
    if (stored !== undefined)
      current.push({ currency, rate: formatRate(stored.rate), setBy: stored.setBy, setAt: stored.setAt.toISOString() });
  }
  return { current, history };
}

/** A new rate for `currency`, in use from now on (quotations already prepared keep theirs). */
export async function setCurrencyRate(
  db: Kysely<DatabaseSchema>,
  currency: RateCurrency,
  rate: ExactRate,
  actor: StaffActor,
  record: RecordStaffAction,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await currentRate(trx, currency);
    await trx
      .insertInto('quotation_currency_rates')
      .values({
        currency,
        rate_value: rate.value.toString(),
        rate_scale: rate.scale,
        set_by_id: actor.id,
        set_by_email: actor.email,
      })
      .execute();
    await record(
      trx,
      actor,
      'quotation.rate',
      `rate:${currency}`,
      `1 AED = ${before === undefined ? '(none)' : formatRate(before.rate)} → ${formatRate(rate)} ${currency}`,
    );
  });
}

const vatRow = (row: {
  country: VatCountry;
  starts_on: string;
  rate_bp: number;
  set_by_email: string | null;
  set_at: Date | null;
}): VatRate => ({
  country: row.country,
  ratePercent: formatPercent(row.rate_bp),
  startsOn: row.starts_on,
  setBy: row.set_by_email,
  setAt: row.set_at?.toISOString() ?? null,
});

const VAT_COLUMNS = [
  'country',
  sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as('starts_on'),
  'rate_bp',
  'set_by_email',
  'set_at',
] as const;

/** `country`'s VAT rate in force on `day` (YYYY-MM-DD): the one that started last on or before it; undefined before any. */
export async function vatRateOn(
  db: Kysely<DatabaseSchema>,
  country: VatCountry,
  day: string,
): Promise<(VatRate & { basisPoints: number }) | undefined> {
  const row = await db
    .selectFrom('quotation_vat_rates')
    .select(VAT_COLUMNS)
    .where('country', '=', country)
    .where('starts_on', '<=', day)
    .orderBy('starts_on', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : { ...vatRow(row), basisPoints: row.rate_bp };
}

export async function vatRateTable(db: Kysely<DatabaseSchema>, today: string): Promise<VatRateTable> {
  const rows = await db
    .selectFrom('quotation_vat_rates')
    .select(VAT_COLUMNS)
    .orderBy('country')
    .orderBy('starts_on')
    .execute();
  const rates = rows.map(vatRow);
  const todays = VAT_COUNTRIES.map((country) =>
    rates.filter((rate) => rate.country === country && rate.startsOn <= today).at(-1),
  ).filter((rate): rate is VatRate => rate !== undefined);
  return { rates, today: todays };
}

/**
 * `country`'s VAT rate from `startsOn` on (the rate of that very day replaced when it has one, while no quotation has
 * used it). A rate a sent quotation charged is history: a change on or before the last day a sent quotation of that
 * country was priced on is refused (409), and the new rate starts after it.
 */
export async function setVatRate(
  db: Kysely<DatabaseSchema>,
  country: VatCountry,
  basisPoints: number,
  startsOn: string,
  actor: StaffActor,
  record: RecordStaffAction,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const used = await trx
      .selectFrom('quotations')
      .select([sql<string>`to_char(vat_on, 'YYYY-MM-DD')`.as('vat_on'), 'number'])
      .where('vat_country', '=', country)
      .where('state', '<>', 'draft')
      .where('vat_on', '>=', startsOn)
      .orderBy('vat_on', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (used !== undefined) throw conflict(vatInUse(country, used.vat_on, used.number));
    const before = await trx
      .selectFrom('quotation_vat_rates')
      .select('rate_bp')
      .where('country', '=', country)
      .where('starts_on', '=', startsOn)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto('quotation_vat_rates')
      .values({
        country,
        starts_on: startsOn,
        rate_bp: basisPoints,
        set_by_id: actor.id,
        set_by_email: actor.email,
        set_at: sql<Date>`now()`,
      })
      .onConflict((oc) =>
        oc.columns(['country', 'starts_on']).doUpdateSet({
          rate_bp: basisPoints,
          set_by_id: actor.id,
          set_by_email: actor.email,
          set_at: sql<Date>`now()`,
        }),
      )
      .execute();
    const was = before === undefined ? 'new' : `${formatPercent(before.rate_bp)} %`;
    await record(
      trx,
      actor,
      'quotation.vat',
      `vat:${country}`,
      `from ${startsOn}: ${was} → ${formatPercent(basisPoints)} %`,
    );
  });
}

/** Why a VAT change is refused: a sent quotation charged the rate of that day. */
export const vatInUse = (country: VatCountry, day: string, number: string | null): string =>
  `${VAT_COUNTRY_NAMES[country]}'s VAT of ${day} was charged by quotation ${number ?? '(sent)'}, and a rate a quotation used is kept as it was: add the new rate from ${addDays(day, 1)} or later`;
