/** A readable one-line description of an error, also for Node's AggregateError (e.g. ECONNREFUSED on ::1 and 127.0.0.1). */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    const parts = [...new Set(error.errors.map(describeError))];
    return parts.join('; ');
  }
  if (error instanceof Error) {
    if (error.message !== '') return error.message;
    const code = (error as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
    return error.name;
  }
  return String(error);
}
