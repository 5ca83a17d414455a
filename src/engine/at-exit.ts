// Synchronous clean-ups that must run however the process ends (its orderly shutdown, a
// crash, process.exit): one 'exit' listener runs them all, each failure ignored.
const hooks = new Set<() => void>();
let installed = false;

export function atExit(fn: () => void): void {
  hooks.add(fn);
  if (installed) return;
  installed = true;
  process.once('exit', () => {
    for (const hook of hooks) {
      try {
        hook();
      } catch {
        // the process is ending: nothing is left to report to
      }
    }
  });
}
