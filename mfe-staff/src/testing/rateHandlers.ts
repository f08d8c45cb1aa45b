// A small fake of the rate and VAT tables (QUOTATIONS_API) for the rates page's tests: the tables in memory, read by
// admins and branch staff, changed by admins only (403 for the others, as the server), behind handlers.ts's session and
// CSRF check. A new rate is a new row, as on the server; its refusals (bad input, a rate in use) are the tests' own
// answers, in the server's words.
import { HttpResponse } from 'msw';
import { http } from './contractHttp';
import {
  BRANCH_DETAILS_API,
  compactTaxNumber,
  QUOTATIONS_API,
  type BranchDetailsTable,
  type CurrencyRateTable,
  type RateCurrency,
  type VatRateTable,
} from '@site/contracts/quotations-api';
import type { SetBranchDetailsBody, SetCurrencyRateBody, SetVatRateBody } from '@site/contracts/quotations-api-schemas';
import { STAFF_BRANCHES, type StaffBranch, type StaffSession } from '@site/contracts/staff-api';

export interface FakeRates {
  currency: CurrencyRateTable;
  vat: VatRateTable;
  /** The branches' seller details: Oman's set, the others not yet. */
  branches: BranchDetailsTable;
}

/** Today in the fakes: what the VAT table's `today` is worked out for. */
export const FAKE_TODAY = '2026-11-28';

export const fakeRates = (): FakeRates => ({
  currency: {
    current: [{ currency: 'OMR', rate: '0.10477', setBy: 'admin@crescent.example', setAt: '2026-11-27T08:00:00.000Z' }],
    history: [{ currency: 'OMR', rate: '0.10477', setBy: 'admin@crescent.example', setAt: '2026-11-27T08:00:00.000Z' }],
  },
  vat: vatTable([
    { country: 'AE', ratePercent: '5', startsOn: '2018-01-01', setBy: null, setAt: null },
    { country: 'BH', ratePercent: '10', startsOn: '2022-01-01', setBy: null, setAt: null },
    { country: 'OM', ratePercent: '5', startsOn: '2021-04-16', setBy: null, setAt: null },
    { country: 'SA', ratePercent: '15', startsOn: '2020-07-01', setBy: null, setAt: null },
  ]),
  branches: {
    branches: STAFF_BRANCHES.map((branch) => ({
      branch,
      details:
        branch === 'Oman'
          ? {
              branch,
              legalName: 'Crescent Electrical Trading L.L.C. (Oman)',
              taxNumber: 'OM1100023456',
              commercialRegistration: '1234567',
              updatedBy: 'admin@crescent.example',
              updatedAt: '2026-11-27T08:00:00.000Z',
            }
          : null,
    })),
  },
});

function vatTable(rates: VatRateTable['rates']): VatRateTable {
  const sorted = [...rates].sort((a, b) => a.country.localeCompare(b.country) || a.startsOn.localeCompare(b.startsOn));
  const today = (['AE', 'OM', 'BH', 'SA'] as const).flatMap((country) =>
    sorted.filter((rate) => rate.country === country && rate.startsOn <= FAKE_TODAY).slice(-1),
  );
  return { rates: sorted, today };
}

/** What of handlers.ts's fake server these handlers read (named here: that file imports this one). */
interface RatesFakeServer {
  session: StaffSession | null;
  rates: FakeRates;
}

export function rateHandlers(fake: RatesFakeServer, refusal: (request: Request) => Response | undefined) {
  const account = () => fake.session!.account;
  const pricer = (request: Request): Response | undefined =>
    refusal(request) ??
    (account().role === 'admin' || account().role === 'branch'
      ? undefined
      : HttpResponse.json({ error: 'Only administrators and branch staff prepare quotations.' }, { status: 403 }));
  const admin = (request: Request): Response | undefined =>
    refusal(request) ??
    (account().role === 'admin'
      ? undefined
      : HttpResponse.json({ error: 'Only administrators can do this.' }, { status: 403 }));
  const setAt = '2026-11-28T10:00:00.000Z';
  return [
    http.get(QUOTATIONS_API.currencyRates, ({ request }) => pricer(request) ?? HttpResponse.json(fake.rates.currency)),
    http.put(QUOTATIONS_API.currencyRate, async ({ request, params }) => {
      const refused = admin(request);
      if (refused !== undefined) return refused;
      const { rate } = (await request.json()) as SetCurrencyRateBody;
      const row = { currency: params.currency as RateCurrency, rate: String(rate), setBy: account().email, setAt };
      fake.rates.currency = {
        current: [row, ...fake.rates.currency.current.filter((each) => each.currency !== row.currency)],
        history: [row, ...fake.rates.currency.history],
      };
      return HttpResponse.json(fake.rates.currency);
    }),
    http.get(QUOTATIONS_API.vatRates, ({ request }) => pricer(request) ?? HttpResponse.json(fake.rates.vat)),
    http.put(QUOTATIONS_API.vatRates, async ({ request }) => {
      const refused = admin(request);
      if (refused !== undefined) return refused;
      const { country, ratePercent, startsOn } = (await request.json()) as SetVatRateBody;
      fake.rates.vat = vatTable([
        ...fake.rates.vat.rates.filter((each) => !(each.country === country && each.startsOn === startsOn)),
        { country, ratePercent: String(ratePercent), startsOn, setBy: account().email, setAt },
      ]);
      return HttpResponse.json(fake.rates.vat);
    }),
    http.get(BRANCH_DETAILS_API.branches, ({ request }) => pricer(request) ?? HttpResponse.json(fake.rates.branches)),
    // the formats are checked by the tests' own refusals (the server's words); this keeps what it is sent, compact
    http.put(BRANCH_DETAILS_API.branch, async ({ request, params }) => {
      const refused = admin(request);
      if (refused !== undefined) return refused;
      const body = (await request.json()) as SetBranchDetailsBody;
      const branch = decodeURIComponent(String(params.branch)) as StaffBranch;
      fake.rates.branches = {
        branches: fake.rates.branches.branches.map((row) =>
          row.branch === branch
            ? {
                branch,
                details: {
                  branch,
                  legalName: body.legalName.trim(),
                  taxNumber: compactTaxNumber(body.taxNumber),
                  commercialRegistration: body.commercialRegistration.trim(),
                  updatedBy: account().email,
                  updatedAt: setAt,
                },
              }
            : row,
        ),
      };
      return HttpResponse.json(fake.rates.branches);
    }),
  ];
}
