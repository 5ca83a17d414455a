// One real Facet server per replay file, started on first use (the ledger test imports the
// case files without running them) and closed by the vendor's test file when it is done.
import { mkdirSync, readdirSync, rmSync, statSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool, startTestServer, tempDir, type CallOptions, type TestServer } from '../helpers/server.js';

export interface ReplayServer {
  t: TestServer;
  /** The server's only root (a fresh temp dir). */
  root: string;
  /** Calls a tool in the shape, in this file's session unless told otherwise. */
  call(name: string, args: Record<string, unknown>, opts?: CallOptions): Promise<CallToolResponse>;
  /** Absolute path of `rel` under the root. */
  abs(rel: string): string;
  /** Writes files (relative path -> text or bytes) under the root, creating directories. */
  write(files: Record<string, string | Buffer>): void;
  /** Empties the root, for a case that needs it to itself. */
  reset(): void;
  /** Every file and directory under the root: relative path -> contents, or null for a directory. */
  snapshot(): Record<string, string | null>;
}

export interface LazyServer {
  get(): Promise<ReplayServer>;
}

const open: Array<() => Promise<void>> = [];

/** A server serving `shape` on its own temp root, with `extra` flags; started when first used. */
export function replayServer(shape: string, extra: string[] | (() => string[]) = []): LazyServer {
  let started: Promise<ReplayServer> | undefined;
  return {
    get() {
      started ??= (async () => {
        const { dir, cleanup } = tempDir(`facet-replay-${shape}-`);
        const t = await startTestServer([
          '--root',
          dir,
          '--shape',
          shape,
          ...(typeof extra === 'function' ? extra() : extra),
        ]);
        open.push(async () => {
          await t.close();
          cleanup();
        });
        const abs = (rel: string) => path.join(dir, rel);
        return {
          t,
          root: dir,
          abs,
          call: (name, args, opts = {}) =>
            callTool(t.client, name, args, { shape, session: `replay-${shape}`, ...opts }),
          write(files) {
            for (const [rel, body] of Object.entries(files)) {
              mkdirSync(path.dirname(abs(rel)), { recursive: true });
              writeFileSync(abs(rel), body);
            }
          },
          reset() {
            for (const name of readdirSync(dir)) rmSync(path.join(dir, name), { recursive: true, force: true });
          },
          snapshot() {
            const out: Record<string, string | null> = {};
            const walk = (rel: string) => {
              for (const name of readdirSync(path.join(dir, rel)).sort()) {
                const r = rel ? `${rel}/${name}` : name;
                if (statSync(abs(r)).isDirectory()) {
                  out[r] = null;
                  walk(r);
                } else out[r] = readFileSync(abs(r), 'utf8');
              }
            };
            walk('');
            return out;
          },
        };
      })();
      return started;
    },
  };
}

/** A temp dir removed when the replay servers close (a second root, say). */
export function replayDir(prefix: string): string {
  const { dir, cleanup } = tempDir(prefix);
  open.push(async () => cleanup());
  return dir;
}

/** Removes `dir` when the replay servers close. */
export function removeOnClose(dir: string): void {
  open.push(async () => rmSync(dir, { recursive: true, force: true }));
}

/** Closes every replay server started in this process (a vendor test file's `after`). */
export async function closeReplayServers(): Promise<void> {
  for (const close of open.splice(0)) await close();
}
