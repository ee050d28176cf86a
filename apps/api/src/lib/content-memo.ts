import { CONTENT_MAX_AGE_MS, type ContentVersion } from './content-version.ts';

/**
 * Values computed from the shop's content (settings, menus, the category tree) kept per process
 * while the content generation they were computed under is current, and at most
 * CONTENT_MAX_AGE_MS (ADR 28). Concurrent callers for one key share one computation; a failure is
 * not kept. Never for anything personal: the key must name everything the value depends on.
 */
export class ContentMemo<T> {
  readonly #entries = new Map<string, { generation: number; storedAt: number; value: Promise<T> }>();

  constructor(
    private readonly version: ContentVersion,
    private readonly maxEntries = 100,
  ) {
    version.onBump(() => this.#entries.clear());
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const found = this.#entries.get(key);
    if (found && found.generation === this.version.current && Date.now() - found.storedAt <= CONTENT_MAX_AGE_MS) {
      return found.value;
    }
    const generation = this.version.current;
    const value = compute();
    const entry = { generation, storedAt: Date.now(), value };
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, entry);
    value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return value;
  }
}
