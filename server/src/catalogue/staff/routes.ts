// The catalogue editor's calls (STAFF_API.catalogue*), for admins and the catalogue role: the staff feature registers
// them inside its signed-in work scope (staff/work/index.ts), so the session and the CSRF token are checked before
// anything here runs; it passes in who is calling and its audit log (StaffCatalogueSide), as it does the quotations'. Requests and answers are
// checked by the zod schemas of @site/contracts/staff-catalogue-api declared on each route. This file sets up the
// scope; its groups of calls are the modules beside it (products, new products, categories, uploads, files).
import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeError } from '../../platform/db/index.js';
import { refusalAnswer, useContracts } from '../../platform/http/contracts.js';
import { EditorError } from './errors.js';
import { categoryRoutes } from './categoryRoutes.js';
import { editorAccountOf, type StaffCatalogueOptions } from './editorCalls.js';
import { StaleEdit } from './editorStore.js';
import { catalogueFileRoutes } from './importExport.js';
import { newProductRoutes } from './newProductRoutes.js';
import { productEditorRoutes } from './productRoutes.js';
import { scheduleRoutes } from './schedule/scheduleRoutes.js';
import { catalogueUploadRoutes } from './uploads.js';

export { EDITORS_ONLY, type StaffCatalogueOptions } from './editorCalls.js';

const NOT_DONE = 'That could not be done right now. Please try again in a minute.';

export async function staffCatalogueRoutes(parent: FastifyInstance, options: StaffCatalogueOptions): Promise<void> {
  const { db, media } = options;
  const app = useContracts(parent);
  // before the body is parsed and validated: branch staff learn nothing of what a request would have done
  app.addHook('preParsing', async (request) => {
    editorAccountOf(request, options);
  });
  app.setErrorHandler(answerEditorError);

  productEditorRoutes(app, options);
  scheduleRoutes(app, options);
  newProductRoutes(app, options);
  categoryRoutes(app, options);

  // uploads: multipart bodies only here, each route taking one file part at its own size limit
  if (media !== undefined) {
    // a file over its limit is answered by uploads.ts with a sentence of its own, from the part's `truncated`
    await app.register(fastifyMultipart, {
      limits: { files: 1, fields: 0, parts: 1, headerPairs: 20 },
      throwFileSizeLimit: false,
    });
    await app.register(catalogueUploadRoutes, { ...options, db, store: media });
    await app.register(catalogueFileRoutes, { ...options, db, store: media });
  }
}

/**
 * A refused request, worded by the contracts' one formatter (http/contracts.ts); an address naming no product (or
 * version) is one that is not there; a stale edit says whose change it missed; a failure is a 503 to try again.
 */
function answerEditorError(error: FastifyError | EditorError, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof EditorError) && error.validation !== undefined) {
    // a 404 is a sentence alone; a 400's problems go with it
    return error.validationContext === 'params'
      ? reply.code(404).send({ error: error.message })
      : reply.code(400).send(refusalAnswer(error));
  }
  if (error instanceof StaleEdit) {
    const { message, version, changedBy, changedAt, yours } = error;
    return reply.code(409).send({
      error: message,
      version,
      changedBy,
      changedAt: changedAt.toISOString(),
      ...(yours === undefined ? {} : { yours }),
    });
  }
  if (error instanceof EditorError) return reply.code(error.statusCode).send(refusalAnswer(error));
  // a bad body (not JSON, too large...): the enclosing scopes word it like every staff call's
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) throw error;
  request.log.error({ err: error }, `catalogue editor call failed: ${describeError(error)}`);
  return reply.code(503).send({ error: NOT_DONE });
}
