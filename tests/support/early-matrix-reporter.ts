// The early-interactions spec's outcome as a matrix (specs/early-interactions.spec.ts): one row per page and control,
// one column per width, moment and edition, each cell ok or LOST; then what was lost of what ran, per page and control.
// Add it to a run of that spec:
//   npx playwright test specs/early-interactions.spec.ts --reporter=line,<path of tests/support/early-matrix-reporter.ts>
// EARLY_MATRIX_OUT=<file.md> also writes the matrix there as Markdown (the before/after figures).
import { writeFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** The annotation each case leaves (its description: an EarlyCaseRecord as JSON). */
export const EARLY_CASE_ANNOTATION = 'early-case';

export interface EarlyCaseRecord {
  page: string;
  control: string;
  moment: string;
  width: number;
  edition: string;
  outcome: 'ok' | 'lost';
  /** When the control was tapped and when the page marked itself started, in ms from the navigation (the page's clock). */
  tapAtMs?: number;
  startedAtMs?: number;
  /** Whether the tap came before the page had started (false at an early moment: the control was drawn only after the start). */
  tappedBeforeStart?: boolean;
  /** Whether the tap led to another document (a plain form posted, a link followed): the page was loaded again. */
  tapLeftPage?: boolean;
  /** What was missing, for a lost tap. */
  reason?: string;
}

/**
 * A cell: ok, LOST, or with an asterisk when the tap came after the start although its moment was an early one (the
 * control was not drawn before the page started, so the early moment could not be tried).
 */
function cell(record: EarlyCaseRecord | undefined): string {
  if (record === undefined) return '';
  const word = record.outcome === 'ok' ? 'ok' : 'LOST';
  return record.moment !== 'after start' && record.tappedBeforeStart === false ? `${word}*` : word;
}

export function matrixMarkdown(records: readonly EarlyCaseRecord[]): string {
  const columns = [
    ...new Set(records.map((record) => `${record.width} px · ${record.moment} · ${record.edition}`)),
  ].sort((a, b) => order(a) - order(b));
  const rows = [...new Set(records.map((record) => `${record.page} · ${record.control}`))];
  const byKey = new Map(
    records.map((record) => [
      `${record.page} · ${record.control}|${record.width} px · ${record.moment} · ${record.edition}`,
      record,
    ]),
  );
  const lines = [
    `| page · control | ${columns.join(' | ')} | lost |`,
    `| --- | ${columns.map(() => '---').join(' | ')} | --- |`,
  ];
  for (const row of rows) {
    const mine = records.filter((record) => `${record.page} · ${record.control}` === row);
    const lost = mine.filter((record) => record.outcome === 'lost').length;
    lines.push(
      `| ${row} | ${columns.map((column) => cell(byKey.get(`${row}|${column}`))).join(' | ')} | ${lost} of ${mine.length} |`,
    );
  }
  const lost = records.filter((record) => record.outcome === 'lost').length;
  const early = records.filter((record) => record.moment !== 'after start');
  const drawnLate = early.filter((record) => record.tappedBeforeStart === false).length;
  lines.push(
    '',
    `Lost: ${lost} of ${records.length} taps. Early moments: ${early.filter((record) => record.outcome === 'lost').length} lost of ${early.length}; ` +
      `${drawnLate} of them (*) tapped after the start all the same (the control was not drawn before it).`,
  );
  return lines.join('\n');
}

/** Columns in the table's order: width, then moment, then edition. */
const MOMENT_ORDER = ['as soon as visible', '+250 ms', '+1 s', 'after start'];
function order(column: string): number {
  const [width, moment, edition] = column.split(' · ');
  return Number.parseInt(width ?? '0', 10) * 100 + MOMENT_ORDER.indexOf(moment ?? '') * 10 + (edition === 'ar' ? 1 : 0);
}

export default class EarlyMatrixReporter implements Reporter {
  private readonly records = new Map<string, EarlyCaseRecord>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const annotations = result.annotations.length > 0 ? result.annotations : test.annotations;
    const found = annotations.filter((annotation) => annotation.type === EARLY_CASE_ANNOTATION).at(-1);
    // a retry's outcome replaces the first try's
    if (found?.description !== undefined) this.records.set(test.id, JSON.parse(found.description) as EarlyCaseRecord);
  }

  onEnd(_result: FullResult): void {
    if (this.records.size === 0) return;
    const records = [...this.records.values()];
    const markdown = matrixMarkdown(records);
    console.log(
      `\nEarly taps (4× CPU, Slow 4G): ok, LOST; * tapped after the start at an early moment\n\n${markdown}\n`,
    );
    const lost = records.filter((record) => record.outcome === 'lost');
    for (const record of lost) {
      console.log(
        `LOST ${record.page} · ${record.control} · ${record.moment} · ${record.width} px · ${record.edition}` +
          ` (tap at ${record.tapAtMs ?? '?'} ms${record.tappedBeforeStart ? ', before the start' : ''}${record.tapLeftPage ? '; it loaded the page again, which started' : ', started'} at ${record.startedAtMs ?? '?'} ms): ${record.reason ?? ''}`,
      );
    }
    const out = process.env.EARLY_MATRIX_OUT;
    if (out) writeFileSync(out, `${markdown}\n\n${JSON.stringify(records)}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
