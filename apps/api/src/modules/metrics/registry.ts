import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Every metric name starts with this (the process metrics too). */
export const METRIC_PREFIX = 'shopfront_';

/** What the shop reads at scrape time: each answers null when it has nothing to say. */
export interface MetricSources {
  /** PostgreSQL's pool; null on PGlite (one connection, no pool). */
  pool(): { total: number; idle: number; waiting: number } | null;
  /** Jobs waiting, running and given up, per kind (one query on the jobs table). */
  jobs(): Promise<{ kind: string; status: string; count: number }[]>;
  /** The page cache's counts since the process started; null while there is no page cache. */
  pageCache(): { hits: number; misses: number } | null;
}

/** What a payment verdict did, as counted by `shopfront_payments_total`. */
export type PaymentResult = 'confirmed' | 'refund_pending' | 'duplicate' | 'failed' | 'cancelled' | 'attempt_failed';

/**
 * One app's metrics, in a registry of its own (never prom-client's global one: tests build many
 * apps in one process). Request counts and latencies, orders placed and payment verdicts are
 * counted as they happen; the pool, the job queue and the page cache are read when scraped.
 */
export class ShopMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'method' | 'route' | 'status'>;
  readonly #duration: Histogram<'method' | 'route'>;
  readonly #orders: Counter<'channel' | 'payment_method'>;
  readonly #payments: Counter<'provider' | 'result'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX });
    this.#requests = new Counter({
      name: `${METRIC_PREFIX}http_requests_total`,
      help: 'HTTP requests answered, by method, route pattern ("unmatched" for a 404 no route took) and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.#duration = new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'Time from the request arriving to its answer being sent, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.#orders = new Counter({
      name: `${METRIC_PREFIX}orders_placed_total`,
      help: 'Orders placed (counted once their transaction has committed), by channel and payment method',
      labelNames: ['channel', 'payment_method'],
      registers,
    });
    this.#payments = new Counter({
      name: `${METRIC_PREFIX}payments_total`,
      help: 'Payment verdicts recorded (each once, however often a provider repeats it), by provider and result',
      labelNames: ['provider', 'result'],
      registers,
    });

    const pool = (key: 'total' | 'idle' | 'waiting', help: string) =>
      new Gauge({
        name: `${METRIC_PREFIX}db_pool_${key}_connections`,
        help,
        registers,
        collect() {
          const stats = sources.pool();
          if (stats) this.set(stats[key]);
        },
      });
    if (sources.pool()) {
      pool('total', 'PostgreSQL connections open in the pool');
      pool('idle', 'PostgreSQL connections open and unused');
      pool('waiting', 'Queries waiting for a free PostgreSQL connection');
    }

    new Gauge({
      name: `${METRIC_PREFIX}jobs`,
      help: 'Background jobs by kind and status: pending (queued), running, failed (given up, kept until retention prunes them)',
      labelNames: ['kind', 'status'],
      registers,
      // Summed over several workers (cluster.ts), each has read the same table: the largest is right.
      aggregator: 'max',
      async collect() {
        // A database that cannot answer leaves this gauge empty, not the whole scrape failed: the
        // process and request metrics matter most just then.
        const rows = await sources.jobs().catch(() => []);
        this.reset();
        for (const row of rows) this.set({ kind: row.kind, status: row.status }, row.count);
      },
    });

    const cacheCount = (key: 'hits' | 'misses', help: string) =>
      new Counter({
        name: `${METRIC_PREFIX}page_cache_${key}_total`,
        help,
        registers,
        collect() {
          const counts = sources.pageCache();
          this.reset();
          this.inc(counts?.[key] ?? 0);
        },
      });
    cacheCount('hits', 'Storefront pages answered from the page cache');
    cacheCount('misses', 'Cacheable storefront pages that had to be rendered');
  }

  /** One answered request; `route` is the route's pattern, never the raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.#requests.inc({ method, route, status: String(status) });
    this.#duration.observe({ method, route }, seconds);
  }

  orderPlaced(labels: { channel: string; paymentMethod: string }): void {
    this.#orders.inc({ channel: labels.channel, payment_method: labels.paymentMethod });
  }

  paymentRecorded(provider: string, result: PaymentResult): void {
    this.#payments.inc({ provider, result });
  }

  #text: () => Promise<string> = () => this.registry.metrics();

  /** The Prometheus text exposition of every metric (with several workers, of them all: useText). */
  text(): Promise<string> {
    return this.#text();
  }

  /** Where text() comes from instead of this registry alone (a cluster worker: cluster.ts). */
  useText(text: () => Promise<string>): void {
    this.#text = text;
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
