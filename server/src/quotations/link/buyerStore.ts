// The buyer's answers on a sent quotation, by the link's token: opening it (the first opening marks it viewed; one past
// its validity is marked expired; one replaced since names the request's latest revision), accepting it (once: a retry
// of the same submission answers the same, another submission is told it came second and its PO file is kept for the
// branch; the order is made in the same transaction, exactly once), asking for changes. Each change of state has its audit line (actor none: the buyer, whose
// typed values go in its fields) in its transaction; each mail is queued in it too.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  AcceptQuotationBody,
  AlreadyAccepted,
  BuyerQuotation,
  LatePurchaseOrderSent,
} from '@site/contracts/quotation-link-api';
import { isStaffBranch } from '@site/contracts/quotations-api';
import { cutToCharacters } from '@site/content/validation';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { branchDay } from '../days.js';
import type { RecordStaffAction } from '../staffSide.js';
import { QUOTATION_OUTBOX_KIND, type QuotationMailPayload } from './buyerMail.js';
import { buyerTexts } from './buyerTexts.js';
import { lookupHash } from './buyerToken.js';
import { expiryDetail } from './expiry.js';
import {
  ANSWERABLE,
  branchContact,
  isPastValidity,
  latestRevisionOf,
  loadBuyerDocument,
  type BuyerDocument,
} from './buyerView.js';
import type { LinkSealer } from './linkSeal.js';

type Db = Kysely<DatabaseSchema>;

/** The start of the buyer's message the audit line keeps, in whole characters (a cut emoji is not JSON PostgreSQL takes). */
const AUDITED_MESSAGE_CHARACTERS = 500;

export interface BuyerContext {
  record: RecordStaffAction;
  now: () => Date;
  /** Opens the sealed tokens (linkSeal.ts): a replaced quotation's page links to the latest revision. */
  sealer?: LinkSealer | undefined;
}

/** A refusal of a buyer's answer: its status and sentence (in the buyer's language). */
export class BuyerRefusal extends Error {
  constructor(
    readonly statusCode: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'BuyerRefusal';
  }
}

/** An acceptance after another submission accepted first (409): when, the PO number, and this one's PO file kept. */
export class AlreadyAcceptedRefusal extends BuyerRefusal {
  constructor(readonly alreadyAccepted: AlreadyAccepted) {
    super(
      409,
      buyerTexts(alreadyAccepted.quotation.language).alreadyAccepted(
        alreadyAccepted.acceptedOn,
        alreadyAccepted.poNumber,
      ),
    );
    this.name = 'AlreadyAcceptedRefusal';
  }
}

/** The quotation a token opens: its id, or undefined (a malformed, unknown or replaced token alike). */
export async function quotationOfToken(db: Db, token: string): Promise<number | undefined> {
  const hash = lookupHash(token);
  if (hash === undefined) return undefined;
  const row = await db
    .selectFrom('quotations')
    .select('id')
    .where('buyer_token_hash', '=', hash)
    .where('state', '<>', 'draft')
    .executeTakeFirst();
  return row?.id;
}

/** Locks the quotation's row; marks it expired (with its audit line) when it is past its validity and still open. */
async function lockAndExpire(trx: Transaction<DatabaseSchema>, context: BuyerContext, id: number) {
  const row = await trx
    .selectFrom('quotations')
    .select(['id', 'branch', 'state', 'number', sql<string>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until')])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (ANSWERABLE.includes(row.state) && isPastValidity(row.branch, row.valid_until, context.now())) {
    await trx.updateTable('quotations').set({ state: 'expired' }).where('id', '=', id).execute();
    await context.record(trx, null, 'quotation.expire', `quotation:${id}`, expiryDetail(row.number, row.valid_until));
    return { ...row, state: 'expired' as const };
  }
  return row;
}

async function documentOf(db: Db, context: BuyerContext, id: number): Promise<BuyerDocument> {
  const document = await loadBuyerDocument(db, id, context.now());
  if (document === undefined) throw new BuyerRefusal(404, 'not sent');
  return document;
}

/** The quotation as its buyer sees it; the first opening marks it viewed, one past its validity expired. */
export async function openQuotation(db: Db, context: BuyerContext, id: number): Promise<BuyerQuotation> {
  return db.transaction().execute(async (trx) => {
    const row = await lockAndExpire(trx, context, id);
    if (row.state === 'sent') {
      await trx
        .updateTable('quotations')
        .set({ state: 'viewed', viewed_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
      await context.record(
        trx,
        null,
        'quotation.view',
        `quotation:${id}`,
        `${row.number ?? ''} opened by its buyer's link`,
      );
    }
    const { view } = await documentOf(trx, context, id);
    if (view.state !== 'superseded') return view;
    return { ...view, latestRevision: await latestRevisionOf(trx, id, context.sealer) };
  });
}

/** Why the buyer may not answer a quotation in this state, in their language (naming the branch's phone). */
function closedRefusal(document: BuyerDocument): BuyerRefusal {
  return new BuyerRefusal(
    409,
    document.view.closedReason ??
      `This quotation is ${document.view.state.replace('_', ' ')}: call the branch on ${document.view.branch.phone}`,
  );
}

export interface PurchaseOrderFile {
  name: string;
  bytes: Buffer;
}

/**
 * Accepts the quotation: its acceptance, its state, its order (once: orders are made under a table lock, so their ids
 * are visible in their order to the ERP's cursor), the audit line and the buyer's confirmation, in one transaction. An
 * accepted one answers the same again (a double submit, a retry); one past its validity or replaced by a later
 * revision is refused (409) with the branch's phone.
 */
export async function acceptQuotation(
  db: Db,
  context: BuyerContext,
  id: number,
  body: AcceptQuotationBody,
  file: PurchaseOrderFile | undefined,
): Promise<BuyerQuotation> {
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await lockAndExpire(trx, context, id);
    // accepted already: the same answer to the same submission; another one is told, its PO file kept for the branch
    if (row.state === 'accepted') {
      const view = (await documentOf(trx, context, id)).view;
      const late = await laterSubmission(trx, row.branch, id, view, body, file);
      return late === undefined ? { view } : { view, late };
    }
    // not answerable: committed as it is (an expiry just marked is kept), then refused
    if (!ANSWERABLE.includes(row.state)) return { view: (await documentOf(trx, context, id)).view };
    await trx
      .insertInto('quotation_acceptances')
      .values({
        quotation_id: id,
        name: body.name,
        position: body.position,
        po_number: body.poNumber ?? null,
        po_file: file?.bytes ?? null,
        po_file_name: file?.name ?? null,
        po_file_bytes: file?.bytes.length ?? null,
        submission_key: body.submission ?? null,
      })
      .execute();
    await trx.updateTable('quotations').set({ state: 'accepted' }).where('id', '=', id).execute();
    const document = await documentOf(trx, context, id);
    await insertOrder(trx, id, document, file !== undefined);
    await context.record(
      trx,
      null,
      'quotation.accept',
      `quotation:${id}`,
      `${document.view.number} accepted by its buyer${file === undefined ? '' : ' with a purchase order file'}`,
      {
        name: body.name,
        position: body.position,
        poNumber: body.poNumber ?? null,
      },
    );
    const payload: QuotationMailPayload = { view: document.view, branchEmail: branchContact(row.branch).email };
    await enqueueMail(trx, { kind: QUOTATION_OUTBOX_KIND.accepted, refId: id, recipient: document.email, payload });
    return { view: document.view };
  });
  if ('late' in outcome && outcome.late !== undefined) throw new AlreadyAcceptedRefusal(outcome.late);
  if (outcome.view.state !== 'accepted') {
    throw closedRefusal({ view: outcome.view, email: '', quotationId: id });
  }
  return outcome.view;
}

/** A key for a submission that came without one (an API client's): the buyer sends its kept file by it. */
const newSubmissionKey = (): string => randomBytes(18).toString('base64url');

/**
 * An acceptance of a quotation accepted already: undefined when it is the same submission again (the same key; without
 * keys, the same name, position and PO number: a double submit, a retry), else what the buyer is told, with the PO file
 * it carried kept (once per submission) for the buyer to send to the branch.
 */
async function laterSubmission(
  trx: Transaction<DatabaseSchema>,
  branch: string,
  id: number,
  view: BuyerQuotation,
  body: AcceptQuotationBody,
  file: PurchaseOrderFile | undefined,
): Promise<AlreadyAccepted | undefined> {
  const stored = await trx
    .selectFrom('quotation_acceptances')
    .select(['name', 'position', 'po_number', 'submission_key', 'accepted_at'])
    .where('quotation_id', '=', id)
    .executeTakeFirstOrThrow();
  const same =
    body.submission !== undefined && stored.submission_key !== null
      ? body.submission === stored.submission_key
      : stored.name === body.name && stored.position === body.position && stored.po_number === (body.poNumber ?? null);
  if (same) return undefined;
  const submission = body.submission ?? newSubmissionKey();
  if (file !== undefined) {
    await trx
      .insertInto('quotation_late_purchase_orders')
      .values({
        quotation_id: id,
        submission_key: submission,
        name: body.name,
        position: body.position,
        po_number: body.poNumber ?? null,
        po_file: file.bytes,
        po_file_name: file.name,
        po_file_bytes: file.bytes.length,
      })
      .onConflict((oc) => oc.columns(['quotation_id', 'submission_key']).doNothing())
      .execute();
  }
  // the file this submission kept, also when its retry comes without it
  const held = await trx
    .selectFrom('quotation_late_purchase_orders')
    .select(['po_file_name', 'sent_to_branch_at'])
    .where('quotation_id', '=', id)
    .where('submission_key', '=', submission)
    .executeTakeFirst();
  const acceptedAt = new Date(stored.accepted_at);
  return {
    acceptedOn: isStaffBranch(branch) ? branchDay(branch, acceptedAt) : acceptedAt.toISOString().slice(0, 10),
    poNumber: stored.po_number,
    quotation: view,
    heldFile:
      held === undefined
        ? null
        : { submission, name: held.po_file_name, sentToBranch: held.sent_to_branch_at !== null },
  };
}

/**
 * The PO file a later submission kept (AlreadyAccepted.heldFile), sent to the branch at the buyer's word: to the staff
 * member who sent the quotation (else the branch's address), with the file attached (buyerMail.ts), Reply-To the buyer,
 * and its audit line. Once: a repeat answers the same; a submission that kept no file of this quotation is a 404.
 */
export async function sendLatePurchaseOrder(
  db: Db,
  context: BuyerContext,
  id: number,
  submission: string,
): Promise<LatePurchaseOrderSent> {
  return db.transaction().execute(async (trx) => {
    const row = await lockAndExpire(trx, context, id);
    const held = await trx
      .selectFrom('quotation_late_purchase_orders')
      .select(['id', 'name', 'position', 'po_number', 'po_file_name', 'sent_to_branch_at'])
      .where('quotation_id', '=', id)
      .where('submission_key', '=', submission)
      .executeTakeFirst();
    const document = await documentOf(trx, context, id);
    if (held === undefined)
      throw new BuyerRefusal(404, buyerTexts(document.view.language).noHeldFile(document.view.branch.phone));
    if (held.sent_to_branch_at === null) {
      await trx
        .updateTable('quotation_late_purchase_orders')
        .set({ sent_to_branch_at: sql<Date>`now()` })
        .where('id', '=', held.id)
        .execute();
      const { sent_by_email: salesperson } = await trx
        .selectFrom('quotations')
        .select('sent_by_email')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const branchEmail = branchContact(row.branch).email;
      const recipient = salesperson ?? branchEmail;
      const payload: QuotationMailPayload = {
        view: document.view,
        buyerEmail: document.email,
        branchEmail,
        latePurchaseOrder: {
          id: Number(held.id),
          name: held.name,
          position: held.position,
          poNumber: held.po_number,
          fileName: held.po_file_name,
        },
      };
      await enqueueMail(trx, { kind: QUOTATION_OUTBOX_KIND.latePurchaseOrder, refId: id, recipient, payload });
      await context.record(
        trx,
        null,
        'quotation.late_purchase_order',
        `quotation:${id}`,
        `${document.view.number}: a purchase order file sent after its acceptance, mailed to ${recipient}`,
        { name: held.name, position: held.position, poNumber: held.po_number },
      );
    }
    return { branch: document.view.branch.name, fileName: held.po_file_name };
  });
}

/** The PO file a later submission kept (the branch's mail attaches it), or undefined. */
export async function latePurchaseOrderFile(db: Db, lateId: number): Promise<PurchaseOrderFile | undefined> {
  const row = await db
    .selectFrom('quotation_late_purchase_orders')
    .select(['po_file', 'po_file_name'])
    .where('id', '=', lateId)
    .executeTakeFirst();
  return row === undefined ? undefined : { name: row.po_file_name, bytes: Buffer.from(row.po_file) };
}

/** The order of an accepted quotation: made once (quotation_id is unique), its id taken under the table's lock. */
async function insertOrder(trx: Db, id: number, document: BuyerDocument, hasFile: boolean): Promise<void> {
  const { view } = document;
  // ids handed out and committed one transaction at a time: a reader's cursor never passes an order still to come
  await sql`lock table orders in exclusive mode`.execute(trx);
  const header = await trx
    .selectFrom('quotations as q')
    .innerJoin('quotation_lines as l', 'l.quotation_id', 'q.id')
    .select([
      'q.request_id',
      'q.branch',
      sql<string>`sum(l.line_total_minor)::text`.as('subtotal'),
      sql<string>`sum(l.vat_minor)::text`.as('vat'),
    ])
    .where('q.id', '=', id)
    .groupBy(['q.request_id', 'q.branch'])
    .executeTakeFirstOrThrow();
  const acceptance = view.acceptance;
  if (acceptance === null) throw new Error(`quotation ${id}: accepted without its acceptance`);
  await trx
    .insertInto('orders')
    .values({
      quotation_id: id,
      request_id: header.request_id,
      request_reference: view.requestReference,
      branch: header.branch,
      quotation_number: view.number,
      currency: view.currency,
      subtotal_minor: header.subtotal,
      vat_minor: header.vat,
      total_minor: (BigInt(header.subtotal) + BigInt(header.vat)).toString(),
      buyer_company: view.companyName,
      buyer_email: document.email,
      accepted_by_name: acceptance.name,
      accepted_by_position: acceptance.position,
      po_number: acceptance.poNumber,
      has_po_file: hasFile,
      lines: JSON.stringify(view.lines),
    })
    .onConflict((oc) => oc.column('quotation_id').doNothing())
    .execute();
}

/** The buyer asks for changes: kept, the state changes_asked, the branch mailed; refused (409) once it cannot be answered. */
export async function askForChanges(
  db: Db,
  context: BuyerContext,
  id: number,
  message: string,
): Promise<BuyerQuotation> {
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await lockAndExpire(trx, context, id);
    if (!ANSWERABLE.includes(row.state)) return (await documentOf(trx, context, id)).view;
    await trx.insertInto('quotation_change_requests').values({ quotation_id: id, message }).execute();
    await trx.updateTable('quotations').set({ state: 'changes_asked' }).where('id', '=', id).execute();
    const document = await documentOf(trx, context, id);
    await context.record(
      trx,
      null,
      'quotation.changes_asked',
      `quotation:${id}`,
      `${document.view.number}: the buyer asks for changes`,
      { message: cutToCharacters(message, AUDITED_MESSAGE_CHARACTERS) },
    );
    const branchEmail = branchContact(row.branch).email;
    const payload: QuotationMailPayload = { view: document.view, message, buyerEmail: document.email, branchEmail };
    await enqueueMail(trx, { kind: QUOTATION_OUTBOX_KIND.changes, refId: id, recipient: branchEmail, payload });
    return document.view;
  });
  if (outcome.state !== 'changes_asked') throw closedRefusal({ view: outcome, email: '', quotationId: id });
  return outcome;
}

/** The purchase order file of an accepted quotation (staff), or undefined. */
export async function purchaseOrderFile(db: Db, id: number): Promise<PurchaseOrderFile | undefined> {
  const row = await db
    .selectFrom('quotation_acceptances')
    .select(['po_file', 'po_file_name'])
    .where('quotation_id', '=', id)
    .executeTakeFirst();
  if (row?.po_file === null || row?.po_file === undefined) return undefined;
  return { name: row.po_file_name ?? 'purchase-order.pdf', bytes: Buffer.from(row.po_file) };
}
