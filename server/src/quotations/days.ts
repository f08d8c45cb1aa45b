// The days a quotation counts in: a branch's own calendar day (the VAT rate in force, the validity, the number's
// year), not the server's, which in UTC is still yesterday for the first hours of a Gulf morning.
import type { StaffBranch } from '@site/contracts/staff-api';

/** The branches' time zones: the UAE and Oman are UTC+4, Bahrain and Saudi Arabia UTC+3 (none keeps summer time). */
const BRANCH_TIME_ZONES: Readonly<Record<StaffBranch, string>> = {
  Dubai: 'Asia/Dubai',
  Oman: 'Asia/Muscat',
  Bahrain: 'Asia/Bahrain',
  'Saudi Arabia': 'Asia/Riyadh',
};

/** The day `at` is in the branch, 'YYYY-MM-DD'. */
export function branchDay(branch: StaffBranch, at: Date): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BRANCH_TIME_ZONES[branch],
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}
