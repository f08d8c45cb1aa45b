// What went wrong in reading a multipart/form-data body, from the multipart plugin's errors (its codes are terse and
// its parser's messages technical): each upload route says it in its own words.

/**
 * - notMultipart: the body is not multipart/form-data;
 * - extraParts: more parts, files or fields than the route takes;
 * - tooLarge: a file past the route's size (when the plugin is told to throw it);
 * - malformed: a body that breaks the format (`detail`: the parser's words, when it gave some).
 */
export type MultipartProblem =
  | { kind: 'notMultipart' | 'extraParts' | 'tooLarge' }
  | { kind: 'malformed'; detail?: string };

/** The problem an error thrown while reading the parts stands for; undefined when it is not the body's fault. */
export function multipartProblemOf(error: unknown): MultipartProblem | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return { kind: 'notMultipart' };
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return { kind: 'extraParts' };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return { kind: 'tooLarge' };
  if (typeof code === 'string' && code.startsWith('FST_')) return { kind: 'malformed' };
  if (error instanceof Error && /multipart|boundary|terminated early|Unexpected end/i.test(error.message))
    return { kind: 'malformed', detail: error.message };
  return undefined;
}
