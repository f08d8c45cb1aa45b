// Small helpers shared by the benchmarks: number formatting, medians and plain-text tables.

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A table with a header row; the first column is left-aligned, the others right-aligned. */
export function printTable(title: string, rows: string[][], notes: string[] = []) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  console.log(`\n${title}`);
  for (const [index, row] of rows.entries()) {
    console.log(
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  ')
        .trimEnd(),
    );
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
  for (const note of notes) console.log(note);
}

/** "✓" or "✗" against a target, for the tables' target columns (a bench reports, it never fails). */
export const meets = (ok: boolean) => (ok ? 'ok' : 'MISSED');
