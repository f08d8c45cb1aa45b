// `npm run bench:lantern -- <report> [<report> ...]`: what sets Lighthouse's simulated LCP in a run. Lighthouse does not
// measure LCP under its default (simulated) throttling: Lantern rebuilds the page's requests and main-thread tasks from
// the trace, keeps those of the observed first paint, replays them over slow 4G at 4x CPU, and takes the last end of a
// request that is not a low-priority picture. This prints that replay: LCP, its optimistic and pessimistic estimates,
// and the pessimistic graph's requests and longer tasks with their simulated times, the one that ends last marked.
//
// <report>: a run saved as `<report>.json`, `<report>-0.trace.json` and `<report>-0.devtoolslog.json`, as Lighthouse's
// CLI writes them with `--save-assets`, and as `npm run bench` does with BENCH_REPORTS=<folder> BENCH_TRACES=1.
import { readFileSync } from 'node:fs';

/** A node of Lantern's graph, as far as this report reads it. */
interface SimulatedNode {
  type: 'network' | 'cpu';
  request?: { url: string; priority: string; resourceType?: string; transferSize: number };
  childEvents?: { name: string }[];
}

interface Estimate {
  timeInMs: number;
  nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }>;
}

interface LanternLcp {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}

interface ComputedMetric {
  request(data: unknown, context: unknown): Promise<LanternLcp>;
  /** Lantern's own rule: a picture of low priority is left out of LCP (usually off screen). */
  isNotLowPriorityImageNode(node: SimulatedNode): boolean;
}

/** A CPU task shorter than this (simulated, 4x) is left out of the listing. */
const LISTED_TASK_MS = 20;

function describe(node: SimulatedNode): string {
  if (node.type === 'network' && node.request) {
    const { url, priority, resourceType, transferSize } = node.request;
    return `${priority} ${resourceType ?? '?'} ${url.replace(/^https?:\/\/[^/]+/, '')} (${transferSize} B)`;
  }
  const named = new Set(
    (node.childEvents ?? [])
      .map((event) => event.name)
      .filter((name) =>
        ['ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'EvaluateScript', 'FunctionCall', 'TimerFire'].includes(
          name,
        ),
      ),
  );
  return `main thread${named.size > 0 ? `: ${[...named].join(', ')}` : ''}`;
}

async function main() {
  const reports = process.argv.slice(2);
  if (reports.length === 0)
    throw new Error(
      'Give the saved runs: npm run bench:lantern -- <report> (see the top of tools/bench/lantern-lcp.ts).',
    );
  // Lighthouse's computed artifacts are internal (typed only through its global LH namespace): read through the
  // small interfaces above.
  const { LanternLargestContentfulPaint } = (await import(
    'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js'
  )) as unknown as {
    LanternLargestContentfulPaint: ComputedMetric;
  };
  const isLowPriorityPicture = (node: SimulatedNode) => !LanternLargestContentfulPaint.isNotLowPriorityImageNode(node);
  const { defaultSettings } = (await import('lighthouse/core/config/constants.js')) as unknown as {
    defaultSettings: Record<string, unknown>;
  };
  for (const report of reports.map((name) => name.replace(/\.json$/, ''))) {
    const lhr = JSON.parse(readFileSync(`${report}.json`, 'utf8')) as {
      requestedUrl: string;
      finalDisplayedUrl: string;
      configSettings: Record<string, unknown>;
    };
    const trace: unknown = JSON.parse(readFileSync(`${report}-0.trace.json`, 'utf8'));
    const devtoolsLog: unknown = JSON.parse(readFileSync(`${report}-0.devtoolslog.json`, 'utf8'));
    const settings = { ...defaultSettings, ...lhr.configSettings };
    const URL = {
      requestedUrl: lhr.requestedUrl,
      mainDocumentUrl: lhr.finalDisplayedUrl,
      finalDisplayedUrl: lhr.finalDisplayedUrl,
    };
    const data = { trace, devtoolsLog, settings, gatherContext: { gatherMode: 'navigation' }, simulator: null, URL };
    const lcp = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings });
    const { optimisticEstimate: optimistic, pessimisticEstimate: pessimistic } = lcp;
    console.log(
      `${report}: LCP ${Math.round(lcp.timing)} ms (optimistic ${Math.round(optimistic.timeInMs)}, pessimistic ${Math.round(pessimistic.timeInMs)})`,
    );
    const timings = [...pessimistic.nodeTimings].sort(([, a], [, b]) => a.startTime - b.startTime);
    const last = timings
      .filter(([node]) => !isLowPriorityPicture(node))
      .reduce((latest, entry) => (entry[1].endTime > latest[1].endTime ? entry : latest));
    for (const [node, { startTime, endTime }] of timings) {
      if (node.type === 'cpu' && endTime - startTime < LISTED_TASK_MS) continue;
      const mark =
        node === last[0]
          ? '  <- sets the pessimistic LCP'
          : isLowPriorityPicture(node)
            ? '  (not counted: low-priority picture)'
            : '';
      console.log(
        `  ${String(Math.round(startTime)).padStart(5)}-${String(Math.round(endTime)).padStart(5)} ms  ${describe(node)}${mark}`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
