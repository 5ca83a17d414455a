// The files subscriptions/listen streams (2026-07-28) subscribe to, watched while a stream
// naming them is open: one watcher per file however many streams name it, so a change is
// published once (the SDK delivers it to each stream that subscribed to that URI). Only
// file:// URIs of existing files under the server's roots are watched; others never change.
// Bounded: at most 64 files per stream, 1024 in all.
import { stat } from 'node:fs/promises';
import type { Scope } from '../../engine/index.js';
import type { Logger } from '../logger.js';
import { filePathOf, isFileUri } from './file-resources.js';
import { MAX_SUBSCRIPTIONS, Subscriptions } from './subscriptions.js';

const MAX_FILES = 1024;

export class ListenWatches {
  private readonly streams = new Map<string, number>();
  private readonly watches: Subscriptions;

  constructor(
    notify: (uri: string) => void,
    private readonly scope: Scope,
    private readonly logger: Logger,
  ) {
    this.watches = new Subscriptions(notify, MAX_FILES);
  }

  /** Watches the files a listen request subscribes to; the returned function releases them. */
  async open(message: unknown): Promise<() => void> {
    const msg = message as { params?: { notifications?: { resourceSubscriptions?: unknown } } };
    const uris = msg?.params?.notifications?.resourceSubscriptions;
    const held: string[] = [];
    for (const uri of Array.isArray(uris) ? new Set<unknown>(uris) : []) {
      if (typeof uri !== 'string' || !isFileUri(uri) || held.length >= MAX_SUBSCRIPTIONS) continue;
      try {
        if (!this.streams.has(uri)) {
          const real = (await this.scope.resolve(filePathOf(uri), undefined, 'uri')).real;
          if (!(await stat(real)).isFile()) continue;
          this.watches.add(uri, real);
        }
        this.streams.set(uri, (this.streams.get(uri) ?? 0) + 1);
        held.push(uri);
      } catch (err) {
        this.logger.debug({ mcp: 'listen', uri, err: String(err) }, 'subscriptions/listen: not watched');
      }
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const uri of held) {
        const n = (this.streams.get(uri) ?? 1) - 1;
        if (n > 0) this.streams.set(uri, n);
        else {
          this.streams.delete(uri);
          this.watches.remove(uri);
        }
      }
    };
  }

  close(): void {
    this.watches.close();
    this.streams.clear();
  }
}
