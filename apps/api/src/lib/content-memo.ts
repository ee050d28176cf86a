import type { FastifyInstance } from 'fastify';
import { CONTENT_MAX_AGE_MS, type ContentVersion } from './content-version.ts';

/**
 * Values computed from the shop's content (settings, menus, the category tree) kept per process
 * while the content generation they were computed under is current, and at most
 * CONTENT_MAX_AGE_MS (ADR 28). Concurrent callers for one key share one computation; a failure is
 * not kept. Never for anything personal: the key must name everything the value depends on.
 */
export class ContentMemo<T> {
  readonly #entries = new Map<string, { generation: number; storedAt: number; value: Promise<T>; bytes: number }>();
  #bytes = 0;

  /**
   * At most `maxEntries` values and, when `sizeOf` is given, about `maxBytes` in all (the oldest
   * go first).
   */
  constructor(
    private readonly version: ContentVersion,
    private readonly maxEntries = 100,
    private readonly limits: { maxBytes: number; sizeOf: (value: T) => number } | null = null,
  ) {
    version.onBump(() => {
      this.#entries.clear();
      this.#bytes = 0;
    });
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const found = this.#entries.get(key);
    if (found && found.generation === this.version.current && Date.now() - found.storedAt <= CONTENT_MAX_AGE_MS) {
      // Least recently used goes first: move to the end.
      this.#entries.delete(key);
      this.#entries.set(key, found);
      return found.value;
    }
    const generation = this.version.current;
    const value = compute();
    const entry = { generation, storedAt: Date.now(), value, bytes: 0 };
    this.#delete(key);
    if (this.#entries.size >= this.maxEntries) this.#delete(this.#entries.keys().next().value!);
    this.#entries.set(key, entry);
    value.then(
      (v) => {
        if (!this.limits || this.#entries.get(key) !== entry) return;
        entry.bytes = this.limits.sizeOf(v) + key.length;
        this.#bytes += entry.bytes;
        for (const oldest of this.#entries.keys()) {
          if (this.#bytes <= this.limits.maxBytes) break;
          this.#delete(oldest);
        }
      },
      () => {
        if (this.#entries.get(key) === entry) this.#delete(key);
      },
    );
    return value;
  }
}

/**
 * A lookup that is the same for every request until the shop's content changes (the shop
 * context, which plugins are installed), memoized per process: `lookup(key, compute)`. With
 * PAGE_CACHE_MB=0 (every content cache off: profiling, and the API tests that write the database
 * directly) it computes each time.
 */
export function contentLookup<T>(
  app: Pick<FastifyInstance, 'env' | 'contentVersion'>,
  maxEntries = 100,
): (key: string, compute: () => Promise<T>) => Promise<T> {
  if (app.env.PAGE_CACHE_MB === 0) return (_key, compute) => compute();
  const memo = new ContentMemo<T>(app.contentVersion, maxEntries);
  return (key, compute) => memo.get(key, compute);
}
