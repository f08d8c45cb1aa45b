// The refusals of the quotation calls: thrown anywhere (inside a transaction too, which rolls it back) and answered by
// the plugin's error handler as {error} with their status, a 400 with its problems one by one, a stale change with
// who saved it since.
import type { ApiProblem } from '@site/contracts/forms-api';

export class QuotationError extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409,
    message: string,
    readonly problems: readonly ApiProblem[] | undefined = statusCode === 400 ? [{ path: [], message }] : undefined,
  ) {
    super(message);
    this.name = 'QuotationError';
  }
}

/** 400 naming every problem found, each at its path: the sentence joins them. */
export function refused(problems: readonly ApiProblem[]): QuotationError {
  const shown = problems.slice(0, 10).map((problem) => problem.message);
  const more = problems.length > shown.length ? [`and ${problems.length - shown.length} more problems`] : [];
  return new QuotationError(400, [...shown, ...more].join('; '), problems);
}

export const badRequest = (message: string, path: ApiProblem['path'] = []) =>
  new QuotationError(400, message, [{ path, message }]);
export const forbidden = (message: string) => new QuotationError(403, message);
export const notFound = (message: string) => new QuotationError(404, message);
export const conflict = (message: string) => new QuotationError(409, message);

export const ANOTHER_BRANCH = 'This belongs to another branch.';
export const NOT_A_PRICER = 'Only administrators and branch staff prepare quotations.';
export const ADMINS_ONLY = 'Only administrators can do this.';
export const NO_QUOTATION = 'There is no such quotation';

/** A change made on an older version than the quotation's: someone saved it in between. */
export class StaleQuotation extends QuotationError {
  constructor(
    readonly version: number,
    readonly savedBy: string | null,
    readonly savedAt: Date,
  ) {
    super(
      409,
      `Someone else saved this quotation after you opened it (${savedBy ?? 'a colleague'}, ${savedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC): reload to see their changes`,
    );
    this.name = 'StaleQuotation';
  }
}
