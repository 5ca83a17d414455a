// How far V8 lets its heap grow between full collections. On a machine with plenty of memory
// V8 allows the old generation to grow to about 4× what was live after the last full
// collection, and a busy sidecar promotes short-lived call objects (gRPC streams, buffers)
// into it: the soak bench measured RSS climbing ~2.7 MB per 1,000 small calls at concurrency
// 64 with the live heap flat at ~25 MB, and glibc's heap climbing with it (native memory held
// by those dead wrappers). A growing factor of 1.5 keeps full collections coming, and the
// process settles; the cost is more frequent, incremental, full collections of a small heap.
import v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

/** Heap flags that, when the operator passed any, are left to them. */
const OPERATOR_FLAG = /^--(heap[-_]growing[-_]percent|max[-_]old[-_]space[-_]size|max[-_]heap[-_]size)\b/;

/**
 * Sets V8's heap growing factor to 1 + HEAP_GROWING_PERCENT/100 unless the operator chose heap flags; true when set.
 */
export function boundHeapGrowth(): boolean {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (flags.some((f) => OPERATOR_FLAG.test(f))) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
