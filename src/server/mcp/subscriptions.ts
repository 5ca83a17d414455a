// resources/subscribe for files: each subscribed file is watched through its directory (so a
// file replaced by rename, as editors save, is still seen) and a change is announced as
// notifications/resources/updated. The watch set is bounded per session and closed with it.
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { EngineError } from '../../engine/index.js';

/** Files one MCP session may watch at once. */
export const MAX_SUBSCRIPTIONS = 64;

export class Subscriptions {
  private readonly watchers = new Map<string, FSWatcher>();
  private closed = false;

  /** `notify(uri)` is called once per burst of changes (several events in one turn coalesce). */
  constructor(
    private readonly notify: (uri: string) => void,
    private readonly max = MAX_SUBSCRIPTIONS,
  ) {}

  get size(): number {
    return this.watchers.size;
  }

  /** Watches `real` (an existing file's real path, already checked in scope) for `uri`. Idempotent. */
  add(uri: string, real: string): void {
    if (this.closed) throw new EngineError('unavailable', 'the session is closed');
    if (this.watchers.has(uri)) return;
    if (this.watchers.size >= this.max) {
      throw new EngineError(
        'resource_exhausted',
        `this session already watches ${this.max} resources; unsubscribe from one first`,
        {
          field: 'uri',
          facts: { uri, max: this.max },
        },
      );
    }
    const name = path.basename(real);
    let pending = false;
    const watcher = watch(path.dirname(real), { persistent: false }, (_event, file) => {
      if (file !== null && file.toString() !== name) return;
      if (pending) return;
      pending = true;
      setImmediate(() => {
        pending = false;
        if (this.watchers.get(uri) === watcher) this.notify(uri);
      });
    });
    watcher.on('error', () => this.remove(uri));
    this.watchers.set(uri, watcher);
  }

  remove(uri: string): void {
    const w = this.watchers.get(uri);
    if (!w) return;
    this.watchers.delete(uri);
    w.close();
  }

  close(): void {
    this.closed = true;
    for (const uri of [...this.watchers.keys()]) this.remove(uri);
  }
}
