// "Takes as long as": a timing judged only beside its reference, measured in the same run. Interleaved, the order
// alternating pair by pair (so a hiccup that recurs on a beat cannot land on one kind only), medians. A test file runs
// beside another on CI's two cores, and one round can be skewed for its whole length (2026-11-27, 29f3530: the sign-in
// of an unknown e-mail read 15.4 ms against 30.7 ms on PostgreSQL, not seen in 8 rounds here): a round that shows a
// gap is measured again, up to three. A real gap (a verify left out: ~1 ms against ~15) shows in every round.
import assert from 'node:assert/strict';

export interface TimedRun {
  /** What the message calls it ("unknown e-mail"). */
  name: string;
  /** One run; `i` counts the runs of a round, `round` the rounds (for inputs that must differ from run to run). */
  run: (i: number, round: number) => Promise<unknown>;
}

export interface TimingOptions {
  /** `kind` must take at least this share of `reference`'s time (by medians). */
  atLeast: number;
  /** Runs of each per round (odd, so the median is a run). */
  runs: number;
  /** Untimed work before every run (clearing counters the runs would otherwise add up). */
  before?: () => Promise<unknown>;
}

const ROUNDS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Asserts that `kind` takes at least `atLeast` of `reference`'s time, in one round of three. */
export async function assertTakesAsLong(
  kind: TimedRun,
  reference: TimedRun,
  { atLeast, runs, before }: TimingOptions,
): Promise<void> {
  const rounds: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const times = new Map<TimedRun, number[]>([
      [kind, []],
      [reference, []],
    ]);
    for (let i = 0; i < runs; i += 1) {
      for (const timed of i % 2 === 0 ? [kind, reference] : [reference, kind]) {
        await before?.();
        const started = performance.now();
        await timed.run(i, round);
        times.get(timed)!.push(performance.now() - started);
      }
    }
    const [kindMs, referenceMs] = [median(times.get(kind)!), median(times.get(reference)!)];
    rounds.push(`${kind.name} ${kindMs.toFixed(1)} ms vs ${reference.name} ${referenceMs.toFixed(1)} ms`);
    if (kindMs >= atLeast * referenceMs) return;
  }
  assert.fail(`every round (medians of ${runs}): ${rounds.join('; ')}`);
}
