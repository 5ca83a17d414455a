// Checks of a tool's arguments that several tools make alike, named by the argument at fault:
// text that must not be blank, counts that must be whole, numbers with a least value.
import { EngineError } from '../../../engine/index.js';

/** A count argument as a whole number, 0 or more: fractions dropped, negatives 0, `fallback` when absent. */
export const wholeCount = (v: number | undefined, fallback: number): number => Math.max(0, Math.floor(v ?? fallback));

/** Each of `names` given in `args` must be a whole number, 0 or more (invalid_argument naming it and its `unit`). */
export function requireCounts<A extends object>(args: A, names: ReadonlyArray<keyof A & string>, unit: string): void {
  for (const name of names) {
    const v = args[name] as unknown;
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 0))
      throw new EngineError(
        'invalid_argument',
        `${name} must be a whole number of ${unit}, 0 or more; got ${v as number}`,
        {
          field: name,
          facts: { [name]: v },
        },
      );
  }
}

/** `text` must hold more than blanks (invalid_argument with `message` otherwise). */
export function requireText(text: string, field: string, message: string): void {
  if (text.trim() === '') throw new EngineError('invalid_argument', message, { field });
}

/** `value` (already whole) must be at least `min`; the failure's facts carry the argument as `given`. */
export function requireAtLeast(value: number, min: number, field: string, given: unknown): number {
  if (value < min)
    throw new EngineError('invalid_argument', `${field} must be ${min} or more`, { field, facts: { [field]: given } });
  return value;
}

/**
 * What `table` maps `value` to; a value it has no entry for is invalid_argument naming `field` and the values it takes.
 */
export function requireOneOf<T>(value: string, table: Readonly<Record<string, T>>, field: string): T {
  if (!Object.hasOwn(table, value)) {
    throw new EngineError('invalid_argument', `${field} ${value} is not one of ${Object.keys(table).join(', ')}`, {
      field,
      facts: { [field]: value },
    });
  }
  return table[value]!;
}

/**
 * `v`, when given, must be a whole number of at least `min` (invalid_argument naming `field`, its value in the facts).
 */
export function requireWhole(v: number | undefined, min: number, field: string): void {
  if (v !== undefined && (!Number.isSafeInteger(v) || v < min))
    throw new EngineError('invalid_argument', `${field} must be a whole number of at least ${min}`, {
      field,
      facts: { [field]: v },
    });
}

/** The first of `names` whose value in `args` is a number below `min`, or undefined (absent ones pass). */
export const firstBelow = <A extends object>(
  args: A,
  names: ReadonlyArray<keyof A & string>,
  min: number,
): (keyof A & string) | undefined => names.find((k) => typeof args[k] === 'number' && (args[k] as number) < min);

/** The first of `names` given (not undefined) in `args`, or undefined when none is. */
export const firstGiven = <A extends object>(
  args: A,
  names: ReadonlyArray<keyof A & string>,
): (keyof A & string) | undefined => names.find((k) => args[k] !== undefined);
