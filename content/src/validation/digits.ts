// Digits as typed on an Arabic keyboard. Its own module: the quote basket (on every page) needs it without the forms' rules.

/** Arabic-Indic (U+0660–U+0669) and Extended Arabic-Indic (U+06F0–U+06F9) digits as 0–9: what an Arabic keyboard may type. */
export function withWesternDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}
