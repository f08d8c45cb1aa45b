// Table (d): interaction latency per interaction, median and slowest of its tries (the slowest is the INP-style figure).
import os from 'node:os';
import { CPU_SLOWDOWN, DURATION_THRESHOLD } from './event-timing';
import { median, meets, ms, printTable } from './format';
import { INP_TARGET, PRESS_MS, type InteractionRun, type Sample } from './interactions';

/** A duration the browser reported, or "< 16 ms" for an interaction it did not report (faster than its threshold). */
const latency = (value: number) => (value < DURATION_THRESHOLD ? `< ${DURATION_THRESHOLD} ms` : ms(value));

/** Where the slowest try's time went: input delay + handlers + until the next paint. */
function breakdown(slowest: Sample | undefined): string {
  const item = slowest?.interaction;
  if (!item) return '-';
  return `${ms(item.inputDelay)} + ${ms(item.processing)} + ${ms(item.presentation)}${slowest?.detail ? ` (${slowest.detail})` : ''}`;
}

export function printInteractions(run: InteractionRun, tries: number) {
  const rows = [
    [
      'interaction',
      'page',
      'n',
      'median',
      'slowest (INP)',
      'slowest: delay + handlers + paint',
      'shown after (median)',
      `<= ${INP_TARGET} ms`,
    ],
  ];
  const notes: string[] = [];
  for (const row of run.rows) {
    if (row.samples.length === 0) {
      rows.push([row.label, row.page, '0', '-', '-', '-', '-', 'not measured']);
      notes.push(`${row.label}: not measured (${row.errors[0] ?? 'no sample'}).`);
      continue;
    }
    const durations = row.samples.map((sample) => sample.duration);
    const slowest = row.samples.reduce((worst, sample) => (sample.duration > worst.duration ? sample : worst));
    const shown = row.samples.flatMap((sample) => (sample.shownAfter === undefined ? [] : [sample.shownAfter]));
    rows.push([
      row.label,
      row.page,
      String(row.samples.length),
      latency(median(durations)),
      latency(slowest.duration),
      breakdown(slowest),
      shown.length > 0 ? ms(median(shown)) : '',
      meets(slowest.duration <= INP_TARGET),
    ]);
    if (row.errors.length > 0)
      notes.push(`${row.label}: ${row.errors.length} of ${tries} tries failed (${row.errors[0]}).`);
  }
  printTable(
    `(d) Interaction latency (Event Timing, INP-style), Chromium with the CPU slowed ${CPU_SLOWDOWN}x after the page started: ` +
      `${tries} tries each, on a fresh page`,
    rows,
    [
      ...notes,
      "n: tries (the typing row: keystrokes of every try). An interaction's duration is its slowest event's, from the input to the",
      `next paint after its handlers, in 8 ms steps; the browser reports none under ${DURATION_THRESHOLD} ms. "delay + handlers + paint": the slowest try,`,
      `split as web-vitals' attribution does. Buttons and keys are held ${PRESS_MS} ms, as a person's are.`,
      '"shown after": from the click to the first frame with the search modal, whose code (the catalogue remote) is fetched on',
      'the first open: the modal comes after the paint that ends the interaction.',
      `Load average (1 min) at the start and end of this run: ${run.loadAverage.map((load) => load.toFixed(1)).join(' and ')} on ` +
        `${os.cpus().length} cores${Math.max(...run.loadAverage) > os.cpus().length ? ': other work shared the CPU, the figures read high' : ''}.`,
    ],
  );
}
