// An apply_patch operation as a model sent it, checked before anything is touched: one of the
// three types, a path that is not blank, and a diff for the two that take one.
import { engineFailure } from '../../../engine/index.js';
import type { DiffOperation } from '../../../engine/index.js';

const TYPES: ReadonlyArray<DiffOperation['type']> = ['create_file', 'update_file', 'delete_file'];

/**
 * The operation `raw` names, or the condition that refuses it (unknown_diff_operation, diff_without_path,
 * diff_payload_missing).
 */
export function diffOperation(raw: { type?: unknown; path?: unknown; diff?: unknown }): DiffOperation {
  const type = raw.type as DiffOperation['type'];
  if (typeof raw.type !== 'string' || !TYPES.includes(type)) {
    // The type as written: a string itself, anything else as JSON.
    const written = typeof raw.type === 'string' ? raw.type : JSON.stringify(raw.type ?? null);
    throw engineFailure(
      'unknown_diff_operation',
      `unknown operation type ${written}`,
      { type: written },
      { field: 'type' },
    );
  }
  if (typeof raw.path !== 'string' || raw.path.trim() === '')
    throw engineFailure('diff_without_path', `${type} needs a path`, { type }, { field: 'path' });
  if (type === 'delete_file') return { type, path: raw.path };
  if (typeof raw.diff !== 'string' || raw.diff === '')
    throw engineFailure('diff_payload_missing', `${type} needs a diff`, { type }, { field: 'diff' });
  return { type, path: raw.path, diff: raw.diff };
}
