// Per-host request limit over a sliding window. The web engine allows 20 requests a minute
// per host unless told otherwise (a tool may set its own, lower limit).
import { engineFailure } from '../errors.js';

export interface RateLimitOptions {
  requests: number;
  windowMs: number;
}

export class HostRateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly opts: RateLimitOptions) {}

  /** Records one request to `host`, or throws rate_limited (with retryAfterMs) when over the limit. */
  take(hostname: string, now = Date.now()): void {
    if (this.opts.requests <= 0) return;
    // "Example.com." and "example.com" are one host.
    const host = hostname.toLowerCase().replace(/\.+$/, '');
    const since = now - this.opts.windowMs;
    const list = (this.hits.get(host) ?? []).filter((t) => t > since);
    if (list.length >= this.opts.requests) {
      const retryAfterMs = Math.max(1, list[0]! + this.opts.windowMs - now);
      this.hits.set(host, list);
      throw engineFailure(
        'host_rate_limited',
        `too many requests to ${host}: at most ${this.opts.requests} per ${this.opts.windowMs / 1000} s`,
        { host, limit: this.opts.requests, windowMs: this.opts.windowMs },
        { retryAfterMs },
      );
    }
    list.push(now);
    this.hits.set(host, list);
    // Forget idle hosts so the map stays small.
    if (this.hits.size > 1000) for (const [h, l] of this.hits) if (l.every((t) => t <= since)) this.hits.delete(h);
  }
}
