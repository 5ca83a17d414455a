// Writes to one path are serialised: each holder waits for the previous one, so two
// concurrent read-modify-write cycles on the same file cannot lose an update.
const tails = new Map<string, Promise<void>>();

/** Runs `fn` holding the locks of every path (taken in sorted order, so two callers cannot deadlock). */
export async function withPathLocks<T>(paths: readonly string[], fn: () => Promise<T>): Promise<T> {
  const keys = [...new Set(paths)].sort();
  const releases: Array<() => void> = [];
  try {
    for (const key of keys) releases.push(await acquire(key));
    return await fn();
  } finally {
    for (const release of releases.reverse()) release();
  }
}

async function acquire(key: string): Promise<() => void> {
  const prev = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((r) => (release = r));
  const tail = prev.then(() => mine);
  tails.set(key, tail);
  await prev;
  return () => {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  };
}
