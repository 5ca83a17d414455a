// Glob matchers (picomatch) and gitignore rules (ignore), required at their first use: a server
// that has not yet searched or listed need not load them (issue 38: ~90 KB of code at start-up).
import type Picomatch from 'picomatch';
import type Ignore from 'ignore';
import { lazyModule } from '../lazy-module.js';

const picomatch = lazyModule<typeof Picomatch>('picomatch');
const ignore = lazyModule<typeof Ignore>('ignore');

/** picomatch(globs, options): a matcher of paths. */
export function globMatcher(
  globs: string | readonly string[],
  options?: Picomatch.PicomatchOptions,
): Picomatch.Matcher {
  return picomatch()(globs as string | string[], options);
}

/** The part of a glob before its first magic character (picomatch.scan's base). */
export function globBase(glob: string): string {
  return picomatch().scan(glob).base;
}

/** Ignore-rule files past this size are left out (no real one comes near). */
export const IGNORE_FILE_MAX = 16 * 1024 * 1024;

/** An empty gitignore rule set (the ignore package's factory). */
export function ignoreRules(options?: Parameters<typeof Ignore>[0]): ReturnType<typeof Ignore> {
  return ignore()(options);
}
