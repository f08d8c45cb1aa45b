// Whether a canary's recent loads say it is failing its visitors. Anyone can post a load report, so the judgement
// counts visitors, not reports, and no client address weighs more than a few visitors: a burst of forged failures from
// one address (whatever session ids or X-Forwarded-For it writes) cannot take out a canary that loads for real
// visitors, while a canary failing everyone is out within the time window even at low traffic.

/** One load outcome of the canary, as kept (newest first when judged). */
export interface LoadOutcome {
  id: number;
  failed: boolean;
  /** The client address the report came from. */
  client: string;
  /** The visitor's session id; null: the page sent none (the report is a visitor of its own). */
  session: string | null;
}

export interface JudgementPolicy {
  /** The most visitors looked at (the latest). */
  window: number;
  /** Fewer visitors than this: never rolled back. */
  minLoads: number;
  /** Percent of the visitors looked at whose load failed, at or above which the canary goes; 0: never. */
  failurePercent: number;
  /** The failed visitors must come from at least this many addresses. */
  minFailingAddresses: number;
  /** One address counts as at most this many visitors. */
  countedPerAddress: number;
}

export interface Judgement {
  rollBack: boolean;
  /** The visitors counted. */
  visitors: number;
  /** Of them, those whose load failed. */
  failed: number;
  /** The addresses the failed ones came from. */
  failingAddresses: number;
}

/**
 * Judges `outcomes` (the canary's within the time window, newest first): one visitor per session on an address (failed
 * when any of its loads failed: it saw the canary fail), at most `countedPerAddress` visitors per address, the latest
 * `window` of them.
 */
export function judgeCanary(outcomes: readonly LoadOutcome[], policy: JudgementPolicy): Judgement {
  const byVisitor = new Map<string, { client: string; failed: boolean }>();
  for (const outcome of outcomes) {
    const key = outcome.session === null ? `report ${outcome.id}` : `${outcome.client} ${outcome.session}`;
    const seen = byVisitor.get(key);
    if (seen === undefined) byVisitor.set(key, { client: outcome.client, failed: outcome.failed });
    else seen.failed ||= outcome.failed;
  }
  const perAddress = new Map<string, number>();
  const counted: { client: string; failed: boolean }[] = [];
  for (const visitor of byVisitor.values()) {
    if (counted.length === policy.window) break;
    const already = perAddress.get(visitor.client) ?? 0;
    if (already >= policy.countedPerAddress) continue;
    perAddress.set(visitor.client, already + 1);
    counted.push(visitor);
  }
  const failedVisitors = counted.filter((visitor) => visitor.failed);
  const failingAddresses = new Set(failedVisitors.map((visitor) => visitor.client)).size;
  const rollBack =
    policy.failurePercent > 0 &&
    counted.length >= policy.minLoads &&
    failedVisitors.length * 100 >= policy.failurePercent * counted.length &&
    failingAddresses >= policy.minFailingAddresses;
  return { rollBack, visitors: counted.length, failed: failedVisitors.length, failingAddresses };
}
