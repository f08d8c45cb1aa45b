// Whether a canary's recent loads say it is failing its visitors. Anyone can post a load report, so the judgement
// counts visitors, not reports, and no network weighs more than a few visitors: a burst of forged failures from one
// network (whatever addresses of it, session ids or X-Forwarded-For it writes) cannot take out a canary that loads for
// real visitors, while a canary failing everyone is out within the time window even at low traffic.
//
// A network is what one holder draws addresses from freely (platform/http/clientAddress.ts): an IPv4 address, an IPv6
// /64; a wide network an IPv4 /24 or an IPv6 /48. The failures must come from several of both: one IPv6 site's 65,536
// /64s are one wide network.

/** One load outcome of the canary, as kept (newest first when judged). */
export interface LoadOutcome {
  id: number;
  failed: boolean;
  /** The reporting client's network (clientNetworks' `network`). */
  network: string;
  /** The reporting client's wide network (clientNetworks' `wideNetwork`). */
  wideNetwork: string;
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
  /** The failed visitors must come from at least this many networks, and from at least this many wide networks. */
  minFailingNetworks: number;
  /** One network counts as at most this many visitors. */
  countedPerNetwork: number;
  /** One wide network counts as at most this many visitors (its networks together). */
  countedPerWideNetwork: number;
}

export interface Judgement {
  rollBack: boolean;
  /** The visitors counted. */
  visitors: number;
  /** Of them, those whose load failed. */
  failed: number;
  /** The networks the failed ones came from. */
  failingNetworks: number;
  /** The wide networks the failed ones came from. */
  failingWideNetworks: number;
}

interface Visitor {
  network: string;
  wideNetwork: string;
  failed: boolean;
}

/**
 * Judges `outcomes` (the canary's within the time window, newest first): one visitor per session on a network (failed
 * when any of its loads failed: it saw the canary fail), at most `countedPerNetwork` visitors per network and
 * `countedPerWideNetwork` per wide network, the latest `window` of them.
 */
export function judgeCanary(outcomes: readonly LoadOutcome[], policy: JudgementPolicy): Judgement {
  const byVisitor = new Map<string, Visitor>();
  for (const outcome of outcomes) {
    const key = outcome.session === null ? `report ${outcome.id}` : `${outcome.network} ${outcome.session}`;
    const seen = byVisitor.get(key);
    if (seen === undefined)
      byVisitor.set(key, { network: outcome.network, wideNetwork: outcome.wideNetwork, failed: outcome.failed });
    else seen.failed ||= outcome.failed;
  }
  const perNetwork = new Map<string, number>();
  const perWideNetwork = new Map<string, number>();
  const counted: Visitor[] = [];
  for (const visitor of byVisitor.values()) {
    if (counted.length === policy.window) break;
    const inNetwork = perNetwork.get(visitor.network) ?? 0;
    const inWideNetwork = perWideNetwork.get(visitor.wideNetwork) ?? 0;
    if (inNetwork >= policy.countedPerNetwork || inWideNetwork >= policy.countedPerWideNetwork) continue;
    perNetwork.set(visitor.network, inNetwork + 1);
    perWideNetwork.set(visitor.wideNetwork, inWideNetwork + 1);
    counted.push(visitor);
  }
  const failedVisitors = counted.filter((visitor) => visitor.failed);
  const failingNetworks = new Set(failedVisitors.map((visitor) => visitor.network)).size;
  const failingWideNetworks = new Set(failedVisitors.map((visitor) => visitor.wideNetwork)).size;
  const rollBack =
    policy.failurePercent > 0 &&
    counted.length >= policy.minLoads &&
    failedVisitors.length * 100 >= policy.failurePercent * counted.length &&
    failingNetworks >= policy.minFailingNetworks &&
    failingWideNetworks >= policy.minFailingNetworks;
  return { rollBack, visitors: counted.length, failed: failedVisitors.length, failingNetworks, failingWideNetworks };
}
