// The pseudo-terminal comes from @lydell/node-pty: node-pty's code with its native part prebuilt
// as one npm package per platform, so it installs without compiling. It is loaded on first use
// with a dynamic import; where it cannot load (a platform with no prebuilt package, or that
// package missing), interactive commands fall back to pipes and say so. Not at start-up: the
// native module adds ~2.4 MB to a server's resident memory and ~13 ms of CPU (issue 38), which
// a server that never runs a command on a terminal need not pay.
import type { PtyModule } from './process.js';

const PACKAGE = '@lydell/node-pty';
let loading: Promise<PtyModule | string> | undefined;
const watchers: Array<(pty: PtyModule | string) => void> = [];

/** Calls `fn` once with the outcome when the module is first loaded (by the first command that wants a terminal). */
export function whenPtyLoads(fn: (pty: PtyModule | string) => void): void {
  if (loading) void loading.then(fn);
  else watchers.push(fn);
}

/** The pseudo-terminal module, or the reason it cannot be used. */
export function loadPty(): Promise<PtyModule | string> {
  loading ??= (async () => {
    try {
      const mod = await import('@lydell/node-pty');
      // A CommonJS package: its exports are the default export, and named ones where Node detects them.
      const spawn: PtyModule['spawn'] | undefined =
        mod.spawn ?? (mod as { default?: { spawn?: PtyModule['spawn'] } }).default?.spawn;
      if (typeof spawn !== 'function') return `${PACKAGE} loaded but has no spawn function`;
      return { spawn };
    } catch (err) {
      // The package's own message is several paragraphs; its first line names the cause.
      return `${PACKAGE} cannot be loaded: ${(err as Error).message.split('\n')[0]}`;
    }
  })();
  for (const fn of watchers.splice(0)) void loading.then(fn);
  return loading;
}
