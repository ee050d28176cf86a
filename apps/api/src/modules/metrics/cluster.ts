import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';

/**
 * /metrics with WEB_CONCURRENCY > 1 (server.ts runPrimary): each scrape reaches one worker, so
 * every worker's own figures would come and go between scrapes. The worker that is scraped asks
 * the primary; the primary asks every worker for its metrics (IPC) and answers their sum
 * (prom-client's AggregatorRegistry: counters and histograms add up; a gauge says how, e.g. the
 * job queue, the same table seen by each, takes the largest).
 */
type Message =
  | { shopfront: 'metrics:collect'; id: string }
  | { shopfront: 'metrics:get'; id: string }
  | { shopfront: 'metrics:json'; id: string; metrics: MetricObjectWithValues<MetricValue<string>>[] }
  | { shopfront: 'metrics:text'; id: string; text?: string; error?: string };

/** A worker waits this long for the sum, the primary this long for each worker. */
const TIMEOUT_MS = 5_000;

const isMessage = (m: unknown): m is Message =>
  typeof m === 'object' && m !== null && typeof (m as { shopfront?: unknown }).shopfront === 'string';

/** The primary's side: answers a worker's collect with every live worker's metrics summed. */
export function sumWorkerMetrics(): void {
  const waiting = new Map<string, (json: Message & { shopfront: 'metrics:json' }) => void>();
  cluster.on('message', (from: Worker, m: unknown) => {
    if (!isMessage(m)) return;
    if (m.shopfront === 'metrics:json') waiting.get(m.id)?.(m);
    if (m.shopfront !== 'metrics:collect') return;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && w.isConnected());
    const asks = workers.map(
      (w) =>
        new Promise<MetricObjectWithValues<MetricValue<string>>[] | null>((resolve) => {
          const id = randomUUID();
          const timer = setTimeout(() => {
            waiting.delete(id);
            resolve(null);
          }, TIMEOUT_MS);
          waiting.set(id, (json) => {
            clearTimeout(timer);
            waiting.delete(id);
            resolve(json.metrics);
          });
          w.send({ shopfront: 'metrics:get', id } satisfies Message);
        }),
    );
    void Promise.all(asks)
      .then((all) => AggregatorRegistry.aggregate(all.filter((a) => a !== null)).metrics())
      .then(
        (text) => from.send({ shopfront: 'metrics:text', id: m.id, text } satisfies Message),
        (err: Error) => from.send({ shopfront: 'metrics:text', id: m.id, error: err.message } satisfies Message),
      );
  });
}

/**
 * A worker's side: answers the primary's "get" with `registry`'s metrics, and `collect()` asks the
 * primary for everyone's sum. Answers a function that stops answering (the app's close).
 */
export function workerMetrics(registry: Registry): { collect(): Promise<string>; stop(): void } {
  const pending = new Map<string, (m: Message & { shopfront: 'metrics:text' }) => void>();
  const onMessage = (m: unknown) => {
    if (!isMessage(m)) return;
    if (m.shopfront === 'metrics:get') {
      void registry
        .getMetricsAsJSON()
        .then((metrics) => process.send?.({ shopfront: 'metrics:json', id: m.id, metrics } satisfies Message));
    } else if (m.shopfront === 'metrics:text') pending.get(m.id)?.(m);
  };
  process.on('message', onMessage);
  return {
    collect: () =>
      new Promise((resolve, reject) => {
        const id = randomUUID();
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error('The other workers did not answer with their metrics in time'));
        }, TIMEOUT_MS * 2);
        pending.set(id, (m) => {
          clearTimeout(timer);
          pending.delete(id);
          if (m.text !== undefined) resolve(m.text);
          else reject(new Error(m.error ?? 'no metrics'));
        });
        process.send?.({ shopfront: 'metrics:collect', id } satisfies Message);
      }),
    stop: () => process.off('message', onMessage),
  };
}
