// The part of autocannon 9's API that bench/run.ts and bench/cart.ts use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    /** A sequence each connection cycles through (bench/cart.ts). */
    requests?: { method?: string; path?: string; headers?: Record<string, string>; body?: string }[];
    /** Called once per connection: per-connection headers (a shopper's own cookie). */
    setupClient?: (client: { setHeaders(headers: Record<string, string>): void }) => void;
  }
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
