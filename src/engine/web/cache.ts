// A short-lived cache of fetched responses keyed by URL, bounded in entries and bytes.
export interface CacheOptions {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
}

interface Entry<V> {
  value: V;
  size: number;
  expires: number;
}

export class TtlCache<V> {
  private readonly map = new Map<string, Entry<V>>();
  private bytes = 0;

  constructor(private readonly opts: CacheOptions) {}

  get(key: string, now = Date.now()): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.expires <= now) {
      this.delete(key);
      return undefined;
    }
    // Refresh recency: Map order is the eviction order.
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  set(key: string, value: V, size: number, now = Date.now()): void {
    if (this.opts.ttlMs <= 0 || size > this.opts.maxBytes) return;
    this.delete(key);
    this.map.set(key, { value, size, expires: now + this.opts.ttlMs });
    this.bytes += size;
    for (const oldest of this.map.keys()) {
      if (this.map.size <= this.opts.maxEntries && this.bytes <= this.opts.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const e = this.map.get(key);
    if (!e) return;
    this.bytes -= e.size;
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }
}
