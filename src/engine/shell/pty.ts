// node-pty is optional: loaded on first use with a dynamic import. When it is missing or
// its native part fails to load, interactive commands fall back to pipes and say so.
import type { PtyModule } from './process.js';

let loading: Promise<PtyModule | string> | undefined;

/** The node-pty module, or the reason it cannot be used. */
export function loadPty(): Promise<PtyModule | string> {
  loading ??= (async () => {
    try {
      const name = 'node-pty';
      const mod = (await import(name)) as { spawn?: PtyModule['spawn']; default?: { spawn?: PtyModule['spawn'] } };
      const spawn = mod.spawn ?? mod.default?.spawn;
      if (typeof spawn !== 'function') return 'node-pty loaded but has no spawn function';
      return { spawn };
    } catch (err) {
      return `node-pty cannot be loaded: ${(err as Error).message}`;
    }
  })();
  return loading;
}
