// Everything a buyer's account holds, for the buyer to download (docs/accounts.md): the account, its devices, passkeys
// and activity, and the records sent from its address (each request with its lines as sent, each quotation with every
// sent revision). As JSON, whole; as CSV, one row a request line, quotation revision or event, for a spreadsheet
// (guarded against formulas, platform/spreadsheet/csv.ts). Nothing secret of the account is in it: no session token,
// no passkey's key.
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { writeCsv, type CsvValue } from '../../platform/spreadsheet/csv.js';
import { eventsOfAccount } from '../activity/accountEvents.js';
import { deviceName } from '../accountHtml.js';
import { sessionsOfAccount } from '../buyerSessions.js';
import { passkeysOfAccount } from '../passkeys/passkeyStore.js';
import { accountEmail, accountRecordsOf } from '../records/accountRecords.js';
import { loadQuoteSnapshots } from '../records/otherFeatures.js';
import { asDate } from '../accountTokens.js';
import { listOfAccount, listsOfAccount } from '../lists/listStore.js';
import { basketOf, browsersOf } from '../basket/basketStore.js';

export interface AccountExport {
  exportedAt: string;
  account: { email: string; createdAt: string; lastSignInAt: string | null };
  devices: { device: string; signedInAt: string; lastUsedAt: string }[];
  passkeys: { device: string; addedAt: string; lastUsedAt: string | null }[];
  activity: { at: string; event: string; device: string; detail: string }[];
  requests: {
    reference: string;
    sentAt: string;
    branch: string;
    companyName: string;
    name: string;
    phone: string;
    deliveryCity: string | null;
    neededBy: string | null;
    notes: string | null;
    lines: { code: string; name: string; label: string; quantity: number; unit: string }[];
  }[];
  quotations: {
    request: string;
    branch: string;
    revisions: { number: string; revision: number; state: string; sentAt: string; validUntil: string }[];
  }[];
  lists: {
    name: string;
    fileName: string;
    createdAt: string;
    updatedAt: string;
    lines: { reference: string; quantity: string; code: string | null }[];
  }[];
  /** The account's basket (the one its connected browsers keep), and those browsers. */
  basket: { code: string; part: string; quantity: number; unit: string }[];
  basketBrowsers: { device: string; connectedAt: string; lastUsedAt: string }[];
}

const iso = (date: Date | string) => asDate(date).toISOString();

export async function accountExport(db: Kysely<DatabaseSchema>, accountId: number, now: Date): Promise<AccountExport> {
  const account = await db
    .selectFrom('buyer_accounts')
    .select(['email', 'created_at', 'last_sign_in_at'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  const records = await accountRecordsOf(db, accountEmail(account.email), now);
  // every request's lines in one query, not one a request (an account may hold hundreds); in the records' order, those
  // deleted by staff since the list was read left out
  const snapshots = new Map(
    (
      await loadQuoteSnapshots(
        db,
        records.requests.map((request) => request.id),
      )
    ).map((snapshot) => [snapshot.reference, snapshot]),
  );
  const requests = records.requests.flatMap((request) => {
    const snapshot = snapshots.get(request.reference);
    if (snapshot === undefined) return [];
    return [
      {
        reference: snapshot.reference,
        sentAt: snapshot.createdAt,
        branch: snapshot.branch,
        companyName: snapshot.companyName,
        name: snapshot.name,
        phone: snapshot.phone,
        deliveryCity: snapshot.deliveryCity,
        neededBy: snapshot.neededBy,
        notes: snapshot.notes,
        lines: snapshot.lines.map((line) => ({
          code: line.code,
          name: line.name,
          label: line.label,
          quantity: line.quantity,
          unit: line.unit,
        })),
      },
    ];
  });
  const lists = [];
  for (const summary of await listsOfAccount(db, [accountId])) {
    const list = await listOfAccount(db, [accountId], summary.id);
    if (list === undefined) continue; // deleted since the summaries were read
    lists.push({
      name: list.name,
      fileName: list.fileName,
      createdAt: list.createdAt.toISOString(),
      updatedAt: list.updatedAt.toISOString(),
      lines: list.lineList.map(({ reference, quantity, code }) => ({ reference, quantity, code })),
    });
  }
  return {
    exportedAt: now.toISOString(),
    account: {
      email: account.email,
      createdAt: iso(account.created_at),
      lastSignInAt: account.last_sign_in_at === null ? null : iso(account.last_sign_in_at),
    },
    devices: (await sessionsOfAccount(db, accountId, now.getTime())).map((session) => ({
      device: deviceName(session.userAgent, ''),
      signedInAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastSeenAt.toISOString(),
    })),
    passkeys: (await passkeysOfAccount(db, accountId)).map((passkey) => ({
      device: passkey.device,
      addedAt: passkey.createdAt.toISOString(),
      lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    })),
    activity: (await eventsOfAccount(db, accountId)).map((event) => ({
      at: event.at.toISOString(),
      event: event.kind,
      device: event.device,
      detail: event.detail,
    })),
    requests,
    quotations: records.quotations.map((quotation) => ({
      request: quotation.requestReference,
      branch: quotation.branch,
      revisions: quotation.revisions.map((revision) => ({
        number: revision.number,
        revision: revision.revision,
        state: revision.state,
        sentAt: revision.sentAt.toISOString(),
        validUntil: revision.validUntil,
      })),
    })),
    lists,
    basket: (await basketOf(db, accountId)).map((line) => ({
      code: line.code,
      part: line.names.en ?? line.names.ar ?? '',
      quantity: line.quantity,
      unit: line.unit,
    })),
    basketBrowsers: (await browsersOf(db, accountId)).map((browser) => ({
      device: deviceName(browser.userAgent, ''),
      connectedAt: browser.createdAt.toISOString(),
      lastUsedAt: browser.lastUsedAt.toISOString(),
    })),
  };
}

const CSV_COLUMNS = [
  'Record',
  'Reference',
  'Date',
  'Branch',
  'State',
  'Code',
  'Part',
  'Quantity',
  'Unit',
  'Device',
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

/** A sheet's row: its cells by column, the others empty. */
const csvRow = (cells: Partial<Record<CsvColumn, CsvValue>>): CsvValue[] =>
  CSV_COLUMNS.map((column) => cells[column] ?? null);

/**
 * The export as one sheet: a row a request line, a quotation revision, a list line, a basket line, a browser keeping
 * the basket, a device, a passkey and an event.
 */
export function accountExportCsv(data: AccountExport): string {
  const rows = [
    ...data.requests.flatMap((request) =>
      request.lines.map((line) =>
        csvRow({
          Record: 'Request line',
          Reference: request.reference,
          Date: request.sentAt,
          Branch: request.branch,
          State: 'sent',
          Code: line.code,
          Part: line.label === '' ? line.name : `${line.name} — ${line.label}`,
          Quantity: line.quantity,
          Unit: line.unit,
        }),
      ),
    ),
    ...data.quotations.flatMap((quotation) =>
      quotation.revisions.map((revision) =>
        csvRow({
          Record: 'Quotation',
          Reference: revision.number,
          Date: revision.sentAt,
          Branch: quotation.branch,
          State: revision.state,
        }),
      ),
    ),
    ...data.lists.flatMap((list) =>
      list.lines.map((line) =>
        csvRow({
          Record: 'List line',
          Reference: list.name,
          Date: list.updatedAt,
          State: line.code === null ? 'no part matched' : 'matched',
          Code: line.code,
          Part: line.reference,
          Quantity: line.quantity,
        }),
      ),
    ),
    ...data.basket.map((line) =>
      csvRow({ Record: 'Basket line', Code: line.code, Part: line.part, Quantity: line.quantity, Unit: line.unit }),
    ),
    ...data.basketBrowsers.map((browser) =>
      csvRow({ Record: 'Browser keeping the basket', Date: browser.connectedAt, Device: browser.device }),
    ),
    ...data.devices.map((device) =>
      csvRow({ Record: 'Signed-in device', Date: device.signedInAt, Device: device.device }),
    ),
    ...data.passkeys.map((passkey) => csvRow({ Record: 'Passkey', Date: passkey.addedAt, Device: passkey.device })),
    ...data.activity.map((event) =>
      csvRow({ Record: 'Activity', Reference: event.detail, Date: event.at, State: event.event, Device: event.device }),
    ),
  ];
  return writeCsv(CSV_COLUMNS, rows);
}
