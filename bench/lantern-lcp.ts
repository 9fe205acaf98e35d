/**
 * Which downloads Lighthouse's simulated LCP (Lantern) waited for in one run. Lantern rebuilds
 * the load on a slow network from the observed trace and counts every script that had finished
 * downloading before the observed paint, unless it can show the script ran after it. On this
 * machine the scripts arrive within ~100 ms, so whether Next's framework chunk started before the
 * paint was presented decides LCP. Listing what was counted makes that visible in the report.
 * Not a bench module itself.
 */
import type { RunnerResult } from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

/** The scripts in one run's simulated LCP graph, with their compressed bytes. */
export type LcpScripts = { count: number; kb: number; largest_kb: number };

type GraphNode = { type: string; request?: { resourceType?: string; transferSize?: number } };
type Graph = { traverse: (visit: (node: GraphNode) => void) => void };

function scriptSizes(graph: Graph): number[] {
  const sizes: number[] = [];
  graph.traverse((node) => {
    if (node.type === 'network' && node.request?.resourceType === 'Script') sizes.push(node.request.transferSize ?? 0);
  });
  return sizes;
}

/** The scripts Lantern's optimistic LCP graph holds for this run (its pessimistic one adds layouts, not scripts). */
export async function lcpScripts(result: RunnerResult): Promise<LcpScripts> {
  const { artifacts, lhr } = result;
  const settings = lhr.configSettings;
  const data = {
    trace: artifacts.Trace, devtoolsLog: artifacts.DevtoolsLog, gatherContext: artifacts.GatherContext,
    settings, simulator: null, URL: artifacts.URL, SourceMaps: artifacts.SourceMaps,
  };
  const metric = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings } as never);
  const sizes = scriptSizes(metric.optimisticGraph as unknown as Graph);
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  return { count: sizes.length, kb: kb(sizes.reduce((sum, size) => sum + size, 0)), largest_kb: kb(Math.max(0, ...sizes)) };
}
