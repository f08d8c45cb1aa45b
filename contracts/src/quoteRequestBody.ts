// Kept apart from the schemas (quoteApi.ts) so the request form's browser bundle takes no zod (browserBundles.test.ts).
import { HONEYPOT_FIELD } from '@site/content/validation';
import type { Locale } from './locale';
import type { QuoteFormFields, QuoteLineBody, QuoteRequestBody } from './quoteApi';

const optional = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * The body a request's form sends, as the scripted form and the plain post both make it: the lines, the details
 * trimmed (the optional ones null when empty), the page's language; not the human check.
 */
export function quoteRequestBodyOf(
  values: QuoteFormFields,
  lines: QuoteLineBody[],
  language: Locale,
): QuoteRequestBody {
  return {
    lines,
    companyName: values.companyName.trim(),
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    branch: values.branch,
    deliveryCity: optional(values.deliveryCity),
    neededBy: optional(values.neededBy),
    notes: optional(values.notes),
    language,
    [HONEYPOT_FIELD]: values[HONEYPOT_FIELD],
  };
}
