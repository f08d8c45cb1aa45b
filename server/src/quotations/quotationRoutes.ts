// The quotation calls of the staff API (QUOTATIONS_API): prepare a draft from a request for quotation, read it, save
// it on the version it was read at, add and take out lines, send and revise it; and the rate and VAT tables (admins
// change them). Registered by the staff feature inside its signed-in scope: the session, the CSRF token and the
// cross-site refusal are checked before anything here. Who may call runs before a body is validated (preValidation):
// a call on another branch's quotation is its 403 whatever it sends.
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BRANCH_DETAILS_API,
  QUOTATION_BODY_LIMIT,
  QUOTATIONS_API,
  RATE_CURRENCIES,
  type BranchDetailsTable,
  type CopiedQuotation,
  type CopySourceList,
  type CurrencyRateTable,
  type ExpiringQuotationList,
  type Quotation,
  type QuotationList,
  type QuotationPartList,
  type RateCurrency,
  type StaleQuotationAnswer,
  type VatRateTable,
} from '@site/contracts/quotations-api';
import {
  addQuotationLineBodySchema,
  copySourcesQuerySchema,
  createQuotationBodySchema,
  quotationListQuerySchema,
  quotationPartsQuerySchema,
  quotationVersionBodySchema,
  removeQuotationLineQuerySchema,
  saveQuotationBodySchema,
  setBranchDetailsBodySchema,
  setCurrencyRateBodySchema,
  setVatRateBodySchema,
} from '@site/contracts/quotations-api-schemas';
import { canReadInbox, STAFF_BRANCHES, type StaffAccountSummary, type StaffBranch } from '@site/contracts/staff-api';
import { QUOTATION_VALID_DAYS_DEFAULT } from '../platform/config.js';
import { describeError, type Database } from '../platform/db/index.js';
import { refusalAnswer, useContracts } from '../platform/http/contracts.js';
import { branchDetailsTable, setBranchDetails } from './branchDetails.js';
import { branchDay } from './days.js';
import {
  ADMINS_ONLY,
  badRequest,
  forbidden,
  notFound,
  NO_QUOTATION,
  NOT_A_PRICER,
  QuotationError,
  StaleQuotation,
} from './errors.js';
import { parsePercent, parseRate } from '@site/contracts/quotation-money';
import {
  addQuotationLine,
  staffQuotation,
  prepareQuotation,
  quotationBranchFor,
  quotationsOfRequest,
  removeQuotationLine,
  reviseQuotation,
  saveQuotation,
  sendQuotation,
} from './quotationStore.js';
import type { QuotationContext } from './quotationContext.js';
import { EXPIRY_SWEEP_MS, expireOverdueQuotations } from './link/expiry.js';
import { issueBuyerLink } from './link/sendLink.js';
import type { LinkSealer } from './link/linkSeal.js';
import { staffLinkRoutes } from './link/staffLinkRoutes.js';
import { quotationParts } from './partLines.js';
import { copiedQuotation, copySources } from './copyLines.js';
import { expiringQuotations } from './reminders/expiring.js';
import { reminderPoller } from './reminders/reminderPoller.js';
import { currencyRateTable, setCurrencyRate, setVatRate, vatRateTable } from './rateStore.js';
import type { StaffSide } from './staffSide.js';

export interface QuotationRoutesOptions extends StaffSide {
  db: Database;
  /** QUOTATION_VALID_DAYS: a new draft is valid this many days (QUOTATION_VALID_DAYS_DEFAULT when left out). */
  validDays?: number | undefined;
  /** Now, for the branch's today (tests). */
  now?: (() => Date) | undefined;
  /** PUBLIC_SITE_URL: the origin of the buyer's links mailed on send. */
  publicSiteUrl?: string | undefined;
  /** Seals the buyer's link in its outbox row (the staff's TOTP keys, kept outside the database). */
  linkSealer: LinkSealer;
  /** Wakes the outbox worker after a send queued the buyer's mail (and a poll queued reminders). */
  onOutboxWrite?: (() => void) | undefined;
  /** QUOTATION_REMINDER_POLL_SECONDS: how often this process looks for quotations about to expire (reminders/). */
  reminderPollMs?: number | undefined;
  /** The staff app's origin, for the reminder's link to the quotation (platform/http/staffSurface.ts). */
  staffOrigin?: (() => string | undefined) | undefined;
}

const NOT_DONE = 'That could not be done right now. Please try again in a minute.';
const ID = /^[1-9]\d{0,14}$/;

export async function quotationRoutes(parent: FastifyInstance, options: QuotationRoutesOptions): Promise<void> {
  const app = useContracts(parent);
  const db = options.db.kysely;
  const { staffOf, canSeeBranch, recordStaffAction } = options;
  const now = options.now ?? (() => new Date());
  const context: QuotationContext = {
    canSeeBranch,
    record: recordStaffAction,
    now,
    validDays: options.validDays ?? QUOTATION_VALID_DAYS_DEFAULT,
    // the buyer's token and mail, in the send's transaction
    afterSend: async (trx, id) => {
      await issueBuyerLink(trx, id, { publicSiteUrl: options.publicSiteUrl, sealer: options.linkSealer }, now());
    },
  };
  app.setErrorHandler(answerQuotationError);

  /** Marks what ran past its validity expired (link/expiry.ts); a failure is logged, never the reader's. */
  const sweepExpired = async (log: FastifyBaseLogger) => {
    try {
      await expireOverdueQuotations(db, recordStaffAction, now());
    } catch (error) {
      log.warn(
        `quotations: the expired ones could not be marked (${describeError(error)}); the next read or sweep tries again`,
      );
    }
  };
  const timer = setInterval(() => void sweepExpired(app.log), EXPIRY_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  // every process polls for quotations about to expire; each is reminded once, whichever polls first (reminders/)
  const reminders = reminderPoller({
    db,
    record: recordStaffAction,
    log: app.log,
    now,
    pollMs: options.reminderPollMs,
    staffOrigin: options.staffOrigin,
    onOutboxWrite: options.onOutboxWrite,
  });
  app.addHook('onReady', async () => reminders.start());
  app.addHook('onClose', async () => reminders.close());

  /** The caller, when they price quotations (admins and branch staff), else a 403. */
  const pricerOf = (request: FastifyRequest): StaffAccountSummary => {
    const staff = staffOf(request);
    if (!canReadInbox(staff)) throw forbidden(NOT_A_PRICER);
    return staff;
  };
  const adminOf = (request: FastifyRequest): StaffAccountSummary => {
    const staff = staffOf(request);
    if (staff.role !== 'admin') throw forbidden(ADMINS_ONLY);
    return staff;
  };
  /** Before a body or query is validated: a pricer, and a quotation of their branch (404 / 403). */
  const quotationAllowed = async (request: FastifyRequest) => {
    await quotationBranchFor(db, context, pricerOf(request), idOf(request));
  };
  const pricer = async (request: FastifyRequest) => {
    pricerOf(request);
  };
  const admin = async (request: FastifyRequest) => {
    adminOf(request);
  };
  const answer = async (id: number): Promise<Quotation> => {
    const quotation = await staffQuotation(db, id, now());
    if (quotation === undefined) throw notFound(NO_QUOTATION);
    return quotation;
  };
  const change = { bodyLimit: QUOTATION_BODY_LIMIT, preValidation: [quotationAllowed, requireJson] };

  app.get(
    QUOTATIONS_API.quotations,
    { preValidation: pricer, schema: { querystring: quotationListQuerySchema } },
    async (request): Promise<QuotationList> => {
      await sweepExpired(request.log);
      return quotationsOfRequest(db, context, pricerOf(request), request.query.requestId);
    },
  );

  app.post(
    QUOTATIONS_API.quotations,
    {
      bodyLimit: QUOTATION_BODY_LIMIT,
      preValidation: [pricer, requireJson],
      schema: { body: createQuotationBodySchema },
    },
    async (request, reply): Promise<Quotation> => {
      const { id, created } = await prepareQuotation(db, context, pricerOf(request), request.body.requestId);
      reply.code(created ? 201 : 200);
      return answer(id);
    },
  );

  // "Expiring in 3 days": registered beside /quotations/:id, which it is not (a static address comes first)
  app.get(
    QUOTATIONS_API.expiring,
    { preValidation: pricer },
    async (request): Promise<ExpiringQuotationList> => expiringQuotations(db, context, pricerOf(request)),
  );

  app.get(QUOTATIONS_API.quotation, { preValidation: quotationAllowed }, async (request) => {
    await sweepExpired(request.log);
    return answer(idOf(request));
  });

  app.put(
    QUOTATIONS_API.quotation,
    { ...change, schema: { body: saveQuotationBodySchema } },
    async (request): Promise<Quotation> => {
      const id = idOf(request);
      await saveQuotation(db, context, pricerOf(request), id, request.body);
      return answer(id);
    },
  );

  app.post(
    QUOTATIONS_API.lines,
    { ...change, schema: { body: addQuotationLineBodySchema } },
    async (request): Promise<Quotation> => {
      const id = idOf(request);
      await addQuotationLine(db, context, pricerOf(request), id, request.body);
      return answer(id);
    },
  );

  app.get(
    QUOTATIONS_API.parts,
    { preValidation: quotationAllowed, schema: { querystring: quotationPartsQuerySchema } },
    async (request): Promise<QuotationPartList> =>
      quotationParts(db, context, pricerOf(request), idOf(request), request.query.q),
  );

  // "Copy a previous quotation": the branch's sent ones, and one's lines as the draft takes them (copyLines.ts)
  app.get(
    QUOTATIONS_API.copySources,
    { preValidation: quotationAllowed, schema: { querystring: copySourcesQuerySchema } },
    async (request): Promise<CopySourceList> =>
      copySources(db, context, pricerOf(request), idOf(request), request.query.q ?? ''),
  );

  app.get(QUOTATIONS_API.copyFrom, { preValidation: quotationAllowed }, async (request): Promise<CopiedQuotation> => {
    const { sourceId } = request.params as { sourceId: string };
    if (!ID.test(sourceId)) throw notFound('There is no such sent quotation to copy');
    return copiedQuotation(db, context, pricerOf(request), idOf(request), Number(sourceId));
  });

  app.delete(
    QUOTATIONS_API.line,
    { preValidation: quotationAllowed, schema: { querystring: removeQuotationLineQuerySchema } },
    async (request): Promise<Quotation> => {
      const id = idOf(request);
      const given = (request.params as { position: string }).position;
      const position = /^[1-9]\d{0,3}$/.test(given) ? Number(given) : undefined;
      if (position === undefined) throw notFound(`This quotation has no line ${given.slice(0, 20)}`);
      await removeQuotationLine(db, context, pricerOf(request), id, position, request.query.version);
      return answer(id);
    },
  );

  app.post(
    QUOTATIONS_API.send,
    { ...change, schema: { body: quotationVersionBodySchema } },
    async (request): Promise<Quotation> => {
      const id = idOf(request);
      await sendQuotation(db, context, pricerOf(request), id, request.body.version);
      options.onOutboxWrite?.();
      return answer(id);
    },
  );

  app.post(
    QUOTATIONS_API.revise,
    { ...change, schema: { body: quotationVersionBodySchema } },
    async (request, reply): Promise<Quotation> => {
      const { id, created } = await reviseQuotation(
        db,
        context,
        pricerOf(request),
        idOf(request),
        request.body.version,
      );
      reply.code(created ? 201 : 200);
      return answer(id);
    },
  );

  // ---- after the send: the link's states, the buyer's PO file, the orders
  staffLinkRoutes(app, { db, pricerOf, canSeeBranch, quotationAllowed, idOf, now, sweepExpired });

  // ---- the tables admins keep (read by every pricer: the editor shows the rate in use)

  app.get(
    QUOTATIONS_API.currencyRates,
    { preValidation: pricer },
    async (): Promise<CurrencyRateTable> => currencyRateTable(db),
  );

  app.put(
    QUOTATIONS_API.currencyRate,
    {
      bodyLimit: QUOTATION_BODY_LIMIT,
      preValidation: [admin, requireJson],
      schema: { body: setCurrencyRateBodySchema },
    },
    async (request): Promise<CurrencyRateTable> => {
      const { currency } = request.params as { currency: string };
      if (!(RATE_CURRENCIES as readonly string[]).includes(currency))
        throw notFound(
          `There is no rate of ${JSON.stringify(currency.slice(0, 10))}: the rates are of ${RATE_CURRENCIES.join(', ')} (1 AED in each)`,
        );
      const parsed = parseRate(request.body.rate);
      if (!parsed.ok) throw badRequest(parsed.message, ['rate']);
      await setCurrencyRate(db, currency as RateCurrency, parsed.rate, adminOf(request), recordStaffAction);
      return currencyRateTable(db);
    },
  );

  const headOfficeToday = () => branchDay('Dubai', context.now());

  app.get(
    QUOTATIONS_API.vatRates,
    { preValidation: pricer },
    async (): Promise<VatRateTable> => vatRateTable(db, headOfficeToday()),
  );

  app.put(
    QUOTATIONS_API.vatRates,
    { bodyLimit: QUOTATION_BODY_LIMIT, preValidation: [admin, requireJson], schema: { body: setVatRateBodySchema } },
    async (request): Promise<VatRateTable> => {
      const { country, ratePercent, startsOn } = request.body;
      const parsed = parsePercent(ratePercent);
      if (!parsed.ok) throw badRequest(`ratePercent ${JSON.stringify(ratePercent)} ${parsed.message}`, ['ratePercent']);
      await setVatRate(db, country, parsed.basisPoints, startsOn, adminOf(request), recordStaffAction);
      return vatRateTable(db, headOfficeToday());
    },
  );

  branchDetailsRoutes(app, { db, pricer, admin, adminOf, record: recordStaffAction });
}

/** The branches' details every quotation names as its seller: read by every pricer, set by admins. */
function branchDetailsRoutes(
  app: ReturnType<typeof useContracts>,
  options: {
    db: Database['kysely'];
    pricer: (request: FastifyRequest) => Promise<void>;
    admin: (request: FastifyRequest) => Promise<void>;
    adminOf: (request: FastifyRequest) => StaffAccountSummary;
    record: QuotationContext['record'];
  },
): void {
  const { db } = options;
  app.get(
    BRANCH_DETAILS_API.branches,
    { preValidation: options.pricer },
    async (): Promise<BranchDetailsTable> => branchDetailsTable(db),
  );
  app.put(
    BRANCH_DETAILS_API.branch,
    {
      bodyLimit: QUOTATION_BODY_LIMIT,
      preValidation: [options.admin, requireJson],
      schema: { body: setBranchDetailsBodySchema },
    },
    async (request): Promise<BranchDetailsTable> => {
      const { branch } = request.params as { branch: string };
      if (!(STAFF_BRANCHES as readonly string[]).includes(branch))
        throw notFound(
          `There is no branch ${JSON.stringify(branch.slice(0, 20))}: the branches are ${STAFF_BRANCHES.join(', ')}`,
        );
      await setBranchDetails(db, branch as StaffBranch, request.body, options.adminOf(request), options.record);
      return branchDetailsTable(db);
    },
  );
}

/** The quotation id of the address, or a 404 (like any unknown address). */
function idOf(request: FastifyRequest): number {
  const { id } = request.params as { id: string };
  if (!ID.test(id)) throw notFound(NO_QUOTATION);
  return Number(id);
}

/** A change's body must be JSON (as every staff call's): anything else is a 415. */
async function requireJson(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json')
    throw Object.assign(new Error('Send the request as JSON (Content-Type: application/json)'), { statusCode: 415 });
}

/**
 * A refusal as {error} with its status (a 400's problems with it); a stale change with its version and who saved it
 * since; a body its schema refuses in the contracts' one formatter's words; a failure as a 503 to try again.
 */
function answerQuotationError(error: FastifyError | QuotationError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof StaleQuotation) {
    const stale: StaleQuotationAnswer = {
      error: error.message,
      version: error.version,
      savedBy: error.savedBy,
      savedAt: error.savedAt.toISOString(),
    };
    return reply.code(409).send(stale);
  }
  if (error instanceof QuotationError) return reply.code(error.statusCode).send(refusalAnswer(error));
  if (error.validation !== undefined) return reply.code(400).send(refusalAnswer(error));
  // a bad body (not JSON, too large…) or a 415: the enclosing scopes word it like every staff call's
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) throw error;
  request.log.error({ err: error }, `quotation call failed: ${describeError(error)}`);
  return reply.code(503).send({ error: NOT_DONE });
}
