// A browser's plain form post (application/x-www-form-urlencoded), read as the pages without script send it.

/**
 * A urlencoded body's fields: each name's first value, its line breaks as a scripted form sends them ('\n': a browser
 * writes a textarea's as '\r\n' in a form post).
 */
export function formFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (!Object.hasOwn(fields, name)) fields[name] = value.replace(/\r\n?/g, '\n');
  }
  return fields;
}
