/**
 * A map that keeps only its `most` most recently used entries: a page asks for a new masked copy
 * of the map image at each step of the party's sight, and each decoded picture is megabytes.
 */
export class RecentCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly most: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The entry under `key`, now the most recent; undefined without one. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Keeps `value` as the most recent entry, forgetting the least recent past `most`. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.most) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
