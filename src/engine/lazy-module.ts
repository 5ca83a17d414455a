// Heavy dependencies that only some calls need (undici for web calls, sharp for images,
// turndown and html-to-text for pages) are loaded on their first use, not at start-up. Every
// megabyte the server holds is copied into the page tables of each command it forks, so a
// smaller server spawns faster, starts sooner and is cheaper to collect (bench/NOTES-hotpath.md).
// They are CommonJS packages, so a synchronous require keeps their callers synchronous.
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/** The module `id`, required (and handed to `init` once) the first time the returned function is called. */
export function lazyModule<T>(id: string, init?: (mod: T) => void): () => T {
  let mod: T | undefined;
  return () => {
    if (mod === undefined) {
      mod = load(id) as T;
      init?.(mod);
    }
    return mod;
  };
}
