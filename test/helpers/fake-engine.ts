// A stand-in engine for shape tests with no server and no disk: each test fakes the calls it
// expects, and any other engine call fails loudly, naming itself, so a shape that reaches for
// more than the test planned cannot pass by accident.
import { Session, type Engine, type Scope } from '../../src/engine/index.js';
import type { HandlerContext } from '../../src/registry/types.js';

type Parts = { [K in keyof Engine]?: Partial<Engine[K]> };

function loud<T extends object>(area: string, given: Partial<T> = {}): T {
  return new Proxy(given as T, {
    get(target, key) {
      if (key in target) return (target as Record<string | symbol, unknown>)[key];
      if (typeof key === 'symbol' || key === 'then') return undefined;
      return () => {
        throw new Error(`fake engine: ${area}.${key} was called but the test did not fake it`);
      };
    },
  });
}

/** Every area of the Engine: a new area that is not listed here does not build. */
const AREAS = {
  files: true,
  memory: true,
  search: true,
  todos: true,
  context: true,
  shell: true,
  web: true,
  code: true,
  tasks: true,
  goals: true,
  worktrees: true,
  skills: true,
  host: true,
  scripts: true,
} as const satisfies Record<Exclude<keyof Engine, 'hostLimiter' | 'close'>, true>;

const unfaked = (name: string) => () => {
  throw new Error(`fake engine: ${name} was called but the test did not fake it`);
};

/** An Engine whose parts are those given; every other call throws. */
export function fakeEngine(parts: Parts = {}): Engine {
  const out: Record<string, unknown> = {};
  for (const area of Object.keys(AREAS) as (keyof typeof AREAS)[]) out[area] = loud(area, parts[area] as object);
  // Every shape call asks for diagnostics checked after an earlier call (none here unless faked),
  // followed by its own.
  out.code = loud('code', {
    takeLate: (_session: unknown, current: readonly unknown[] = []) => [...current],
    ...parts.code,
  });
  out.hostLimiter = parts.hostLimiter ?? unfaked('hostLimiter');
  out.close = parts.close ?? unfaked('close');
  return out as unknown as Engine;
}

/** A handler context over a scope the fake never looks into: a shape must hand it over untouched. */
export function fakeContext(shape: string, roots: string[] = ['/project']): HandlerContext {
  const quiet = { debug: () => undefined, warn: () => undefined };
  const scope = { roots } as unknown as Scope;
  return { signal: new AbortController().signal, session: new Session('s1'), scope, shape, logger: quiet };
}
