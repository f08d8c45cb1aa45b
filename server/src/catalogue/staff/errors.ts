// The refusals of the catalogue editor's calls: thrown anywhere (inside a transaction too, which rolls it back) and
// answered by ./routes.ts's error handler as {error} with their status (and a 400's problems). Worded as the staff
// work calls' own (staff/work/errors.ts), whose scope these calls are registered in: the staff app reads both alike.
import type { FastifyRequest } from 'fastify';
import type { ApiProblem } from '@site/contracts/forms-api';

export class EditorError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415,
    message: string,
    /**
     * A 400's problems one by one (apiProblemSchema), answered beside the sentence that names them; a 400 that names
     * none is its own one problem, about the request as a whole.
     */
    readonly problems: readonly ApiProblem[] | undefined = statusCode === 400 ? [{ path: [], message }] : undefined,
  ) {
    super(message);
    this.name = 'EditorError';
  }
}

/** 400: its one problem at `path` (the value it is about in the request; [] for the request as a whole). */
export const badRequest = (message: string, path: ApiProblem['path'] = []) =>
  new EditorError(400, message, [{ path, message }]);
export const forbidden = (message: string) => new EditorError(403, message);
export const notFound = (message = 'Not found') => new EditorError(404, message);
export const conflict = (message: string) => new EditorError(409, message);

/** A change's body must be JSON (as every staff call's): anything else is a 415. */
export async function requireJson(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json')
    throw new EditorError(415, 'Send the request as JSON (Content-Type: application/json)');
}
