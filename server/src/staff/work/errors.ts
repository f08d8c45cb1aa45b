// The refusals of the work calls: thrown anywhere (inside a transaction too, which rolls it back) and answered by the
// plugin's error handler as {error} with their status (and a 400's problems).
import type { ApiProblem } from '@site/contracts/forms-api';

export class StaffWorkError extends Error {
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
    this.name = 'StaffWorkError';
  }
}

/** 400: its one problem at `path` (the value it is about in the request; [] for the request as a whole). */
export const badRequest = (message: string, path: ApiProblem['path'] = []) =>
  new StaffWorkError(400, message, [{ path, message }]);
export const forbidden = (message = 'This belongs to another branch.') => new StaffWorkError(403, message);
export const notFound = (message = 'Not found') => new StaffWorkError(404, message);
export const conflict = (message: string) => new StaffWorkError(409, message);
