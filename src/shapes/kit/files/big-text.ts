// A text file over a read's size limit read anyway: its first window only, its lines not
// counted (Qwen Code's read_file shows a big log instead of refusing it). Images and PDFs over
// their own limit stay refused, as does every other failure.
import { isCondition } from '../../../engine/index.js';

/**
 * `read(opts)`, or when the text file is over opts.maxFileBytes, the same read without that limit and uncounted
 * (`big`).
 */
export async function readEvenIfBig<O extends { maxFileBytes?: number; countTotal?: boolean }, R>(
  read: (opts: O) => Promise<R>,
  opts: O,
): Promise<{ r: R; big: boolean }> {
  try {
    return { r: await read(opts), big: false };
  } catch (err) {
    if (!isCondition(err, 'file_too_large') || err.facts.kind !== undefined) throw err;
    return { r: await read({ ...opts, maxFileBytes: undefined, countTotal: false }), big: true };
  }
}
