// The account's saved lists (docs/accounts.md): the lists and the upload of a bill of materials (CSV or XLSX, a
// multipart form whose CSRF field is read before its file), one list with its lines matched to parts, a line matched
// to a close part, and deleting a list. Every route reads the lists of the signed-in buyer and of their company's
// colleagues only: anyone else's list answers as one that does not exist.
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { parseQuantity } from '@site/content/validation';
import { LOCALES, type Locale } from '@site/contracts/locale';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { multipartProblemOf } from '../../platform/http/multipartProblems.js';
import { inPool } from '../../platform/inPool.js';
import { visibleLine } from '@site/contracts/text-field';
import { accountForms, buyerSessionOf, fieldsOf, fromElsewhere, sendPage } from '../accountHttp.js';
import { accountPath, refusalPage } from '../accountHtml.js';
import { accountTexts } from '../accountTexts.js';
import { csrfFieldMatches, type BuyerSession } from '../buyerSessions.js';
import { BOM_LIMITS, readBomFile } from './bomFile.js';
import type { ListCatalogue } from './listCatalogue.js';
import { listPage, listPath, listsPage, listsPath, type ListLineView, type ListsForms } from './listsHtml.js';
import { basketOf } from '../basket/basketStore.js';
import {
  deleteList,
  LIST_FILE_NAME_MAX,
  LIST_NAME_MAX,
  LISTS_PER_ACCOUNT,
  listOfAccount,
  listsOfAccount,
  renameList,
  saveList,
  setListLineCode,
  type SavedList,
} from './listStore.js';
import { listsTexts } from './listsTexts.js';
import { visibleAccounts } from '../company/companyStore.js';

export interface ListRouteOptions {
  db: Kysely<DatabaseSchema>;
  catalogue: ListCatalogue;
  fixedOrigin(): string | undefined;
}

/** Unmatched lines a page looks up close parts for (a search each): the first ones; the rest say only "no part". */
const CLOSE_LOOKUPS_MAX = 25;
/** Of those, the searches run together. */
const CLOSE_LOOKUPS_AT_ONCE = 4;
/** The form's fields beside the file, and their headers: a little room over the file's limit. */
const MULTIPART_OVERHEAD = 16 * 1024;

const listIdOf = (text: string | undefined): number | undefined =>
  text !== undefined && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined;

/** What the upload's multipart body holds: its fields before the file, then the file's bytes (or why not). */
type Upload =
  | { ok: true; csrf: string; name: string; fileName: string; bytes: Buffer }
  | { ok: false; csrf: string; name: string; problem: 'fileMissing' | 'tooBig' | 'malformed' };

/** The upload's parts; its file is read only when the CSRF field before it is the session's (`csrfToken`). */
async function readUpload(request: FastifyRequest, csrfToken: string): Promise<Upload> {
  const fields: Record<string, string> = {};
  const refused = (problem: 'fileMissing' | 'tooBig' | 'malformed') =>
    ({ ok: false, csrf: fields.csrf ?? '', name: fields.name ?? '', problem }) as const;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > BOM_LIMITS.bytes + MULTIPART_OVERHEAD) return refused('tooBig');
  const parts = request.parts({
    limits: { fileSize: BOM_LIMITS.bytes, files: 1, fields: 3, fieldSize: 1024, parts: 4, headerPairs: 20 },
  });
  try {
    for await (const part of parts as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      // the file: only once the CSRF field before it is known (a form whose field comes after is refused)
      if (!csrfFieldMatches(fields.csrf, csrfToken)) {
        part.file.resume();
        return refused('malformed');
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) return refused('tooBig');
      if (bytes.length === 0) return refused('fileMissing');
      return { ok: true, csrf: fields.csrf ?? '', name: fields.name ?? '', fileName: part.filename, bytes };
    }
  } catch (error) {
    const problem = multipartProblemOf(error);
    if (problem === undefined) throw error;
    return refused(problem.kind === 'tooLarge' ? 'tooBig' : 'malformed');
  }
  return refused('fileMissing');
}

export async function listRoutes(app: FastifyInstance, options: ListRouteOptions): Promise<void> {
  const { db, catalogue } = options;
  const { signedIn, signedInPost } = accountForms(app, db, options.fixedOrigin);
  // the plugin's size refusal is read as the part's `truncated` (its own error is terse)
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  /** Each line with its part, what keeps it from the request, and (the first unmatched ones) the parts close to it. */
  async function linesOf(locale: Locale, list: SavedList): Promise<ListLineView[]> {
    const codes = [...new Set(list.lineList.flatMap((line) => (line.code === null ? [] : [line.code])))];
    const parts = await catalogue.match(codes);
    const unmatched = list.lineList.filter((line) => line.code === null || !parts.has(line.code));
    // the close parts of the first unmatched lines, a few searches at a time
    const looked = unmatched.slice(0, CLOSE_LOOKUPS_MAX);
    const close = await inPool(looked, CLOSE_LOOKUPS_AT_ONCE, (line) => catalogue.closeTo(line.reference, locale));
    const closeOf = new Map(looked.map((line, index) => [line.position, close[index] ?? []]));
    return list.lineList.map((line): ListLineView => {
      const part = line.code === null ? undefined : parts.get(line.code);
      if (part === undefined)
        return {
          position: line.position,
          reference: line.reference,
          quantity: line.quantity,
          gone: line.code !== null,
          close: closeOf.get(line.position) ?? [],
        };
      const quantity = line.quantity === '' ? undefined : parseQuantity(line.quantity, part.unit);
      return {
        position: line.position,
        reference: line.reference,
        quantity: line.quantity,
        part,
        close: [],
        ...(quantity === undefined
          ? { quantityProblem: 'missing' as const }
          : quantity.ok
            ? { ready: quantity.quantity }
            : { quantityProblem: quantity.problem }),
      };
    });
  }

  /** The accounts whose lists the buyer sees: their own, and their company's colleagues'. */
  const ownersOf = async (session: BuyerSession) => (await visibleAccounts(db, session.accountId)).ids;

  const notFound = (reply: FastifyReply, locale: Locale) =>
    sendPage(reply, refusalPage(locale, listsTexts(locale).notFound), 404);

  for (const locale of LOCALES) {
    const t = listsTexts(locale);
    const showLists = async (reply: FastifyReply, session: BuyerSession, forms: ListsForms = {}, status = 200) => {
      const lists = await listsOfAccount(db, await ownersOf(session));
      const basketLines = (await basketOf(db, session.accountId)).length;
      return sendPage(reply, listsPage(locale, session, lists, basketLines, forms), status);
    };

    app.get(listsPath(locale), async (request, reply) => {
      const session = await signedIn(request, reply, locale, false);
      return session === undefined ? reply : showLists(reply, session);
    });

    app.post(
      listsPath(locale),
      {
        bodyLimit: BOM_LIMITS.bytes + MULTIPART_OVERHEAD,
        onRequest: async (request, reply) => {
          if (fromElsewhere(request, options.fixedOrigin()))
            return sendPage(reply, refusalPage(locale, accountTexts(locale).crossSite), 403);
          const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
          if (type !== 'multipart/form-data')
            return sendPage(reply, refusalPage(locale, accountTexts(locale).staleForm), 415);
          return undefined;
        },
      },
      async (request, reply) => {
        const session = await buyerSessionOf(db, request);
        if (session === undefined) return reply.redirect(accountPath(locale, '/account/sign-in'), 303);
        const upload = await readUpload(request, session.csrfToken);
        if (!csrfFieldMatches(upload.csrf, session.csrfToken))
          return sendPage(reply, refusalPage(locale, accountTexts(locale).staleForm), 403);
        const name = visibleLine(upload.name, LIST_NAME_MAX);
        if (!upload.ok) {
          const problem =
            upload.problem === 'tooBig'
              ? t.fileProblem.tooBig
              : upload.problem === 'fileMissing'
                ? t.fileMissing
                : t.fileProblem.unreadable;
          return showLists(reply, session, { upload: { name, problem } }, upload.problem === 'tooBig' ? 413 : 400);
        }
        if (name === '') return showLists(reply, session, { upload: { name, problem: t.nameMissing } }, 400);
        const read = await readBomFile(upload.bytes);
        if (!read.ok)
          return showLists(
            reply,
            session,
            { upload: { name, problem: t.fileProblem[read.problem] } },
            read.problem === 'tooBig' ? 413 : 400,
          );
        const parts = await catalogue.match([...new Set(read.lines.map((line) => line.reference))]);
        const saved = await saveList(
          db,
          session.accountId,
          {
            name,
            fileName: visibleLine(upload.fileName, LIST_FILE_NAME_MAX),
            lines: read.lines.map((line) => ({
              reference: line.reference,
              quantity: line.quantity.slice(0, 40),
              code: parts.get(line.reference)?.code ?? null,
            })),
          },
          Date.now(),
        );
        if (!saved.ok)
          return showLists(reply, session, { upload: { name, problem: t.tooManyLists(LISTS_PER_ACCOUNT) } }, 409);
        return reply.redirect(listPath(locale, saved.id), 303);
      },
    );

    // the basket kept in the account (the basket on every device) saved as a list, its lines matched by their codes
    signedInPost(`${listsPath(locale)}/basket`, locale, async (request, reply, session) => {
      const name = visibleLine(fieldsOf(request).name ?? '', LIST_NAME_MAX);
      const lines = await basketOf(db, session.accountId);
      if (lines.length === 0) return showLists(reply, session, { basket: { name, problem: t.basketEmpty } }, 409);
      if (name === '') return showLists(reply, session, { basket: { name, problem: t.nameMissing } }, 400);
      const parts = await catalogue.match([...new Set(lines.map((line) => line.code))]);
      const saved = await saveList(
        db,
        session.accountId,
        {
          name,
          fileName: '',
          lines: lines.map((line) => ({
            reference: line.code,
            quantity: String(line.quantity),
            code: parts.get(line.code)?.code ?? null,
          })),
        },
        Date.now(),
      );
      if (!saved.ok)
        return showLists(reply, session, { basket: { name, problem: t.tooManyLists(LISTS_PER_ACCOUNT) } }, 409);
      return reply.redirect(listPath(locale, saved.id), 303);
    });

    app.get<{ Params: { id: string } }>(`${listsPath(locale)}/:id`, async (request, reply) => {
      const session = await signedIn(request, reply, locale, false);
      if (session === undefined) return reply;
      const id = listIdOf(request.params.id);
      const list = id === undefined ? undefined : await listOfAccount(db, await ownersOf(session), id);
      if (list === undefined) return notFound(reply, locale);
      return sendPage(reply, listPage(locale, session, list, await linesOf(locale, list)));
    });

    signedInPost(`${listsPath(locale)}/:id/lines/:position`, locale, async (request, reply, session) => {
      const params = request.params as { id: string; position: string };
      const id = listIdOf(params.id);
      const position = listIdOf(params.position);
      const code = fieldsOf(request).code ?? '';
      const part = code === '' ? undefined : (await catalogue.match([code])).get(code);
      if (id === undefined || position === undefined || part === undefined) return notFound(reply, locale);
      const changed = await setListLineCode(
        db,
        await ownersOf(session),
        { listId: id, position, code: part.code },
        Date.now(),
      );
      if (!changed) return notFound(reply, locale);
      return reply.redirect(listPath(locale, id), 303);
    });

    signedInPost(`${listsPath(locale)}/:id/name`, locale, async (request, reply, session) => {
      const id = listIdOf((request.params as { id: string }).id);
      const owners = await ownersOf(session);
      const list = id === undefined ? undefined : await listOfAccount(db, owners, id);
      if (list === undefined) return notFound(reply, locale);
      const name = visibleLine(fieldsOf(request).name ?? '', LIST_NAME_MAX);
      if (name === '')
        return sendPage(
          reply,
          listPage(locale, session, list, await linesOf(locale, list), { name, problem: t.nameMissing }),
          400,
        );
      if (!(await renameList(db, owners, { listId: list.id, name }, Date.now()))) return notFound(reply, locale);
      return reply.redirect(listPath(locale, list.id), 303);
    });

    signedInPost(`${listsPath(locale)}/:id/delete`, locale, async (request, reply, session) => {
      const id = listIdOf((request.params as { id: string }).id);
      if (id === undefined || !(await deleteList(db, await ownersOf(session), id))) return notFound(reply, locale);
      return reply.redirect(listsPath(locale), 303);
    });
  }
}
