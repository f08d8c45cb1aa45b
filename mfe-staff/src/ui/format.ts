// Dates as staff read them. The staff pages are English only and not on the public pages' path, so Intl is fine here.
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** '23 Nov 2026, 17:35' in the browser's time zone; the text as given when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
