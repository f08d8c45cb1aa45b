// A buyer's quotation link token is the only key to their quotation (no sign-in): it never goes into a log line. Each
// line the logger writes passes here last (pino's streamWrite hook), so the token is gone wherever it was: a request's
// URL, an error's message or stack, a value a handler logged. The route stays readable ("/quotation/[token]").

/** The buyer's page (/quotation/<token>, /ar/quotation/<token>) and its calls (/api/quotation-links/<token>…): the segment after. */
const LINK_TOKEN_SEGMENT = /(\/quotation\/|\/quotation-links\/)[^/?#"\s\\]+/gi;

/** `line` with every quotation link token replaced by "[token]". */
export function redactLinkTokens(line: string): string {
  return /\/quotation/i.test(line) ? line.replace(LINK_TOKEN_SEGMENT, '$1[token]') : line;
}
