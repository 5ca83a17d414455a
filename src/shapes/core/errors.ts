// Core failures keep the engine's plain message and add the next step where the engine cannot
// know it (the engine does not know which tool a caller should turn to).
import type { EngineError } from '../../engine/index.js';
import { everyKind } from '../kit/failures/error-kinds.js';
import { type Dialect, errorTable, type KindWording } from '../common/define.js';
import { coreDiagnostics } from './diagnostics.js';

const FILE_TOOLS = new Set(['fs.read', 'fs.write', 'fs.edit', 'fs.notebook_edit', 'fs.list', 'fs.stat']);
const then = (err: EngineError, next: string) => `${err.message}. ${next}`;
const READ_FIRST = 'Read the whole file with fs.read in this session, then retry (or leave require_read off).';
const plain = (err: EngineError) => err.message;

const byKind = everyKind<KindWording<unknown>>(plain, {
  not_found: (err, _args, c) =>
    FILE_TOOLS.has(c.tool) && err.condition !== 'cell_missing'
      ? then(err, "fs.list shows a folder's entries and search.glob finds files by name.")
      : err.message,
});

/** The core dialect: the engine's words, and the next step where there is one. */
export const coreDialect: Dialect = {
  diagnostics: coreDiagnostics,
  errors: errorTable<unknown>(
    {
      not_read: (err) => then(err, READ_FIRST),
      partial_read: (err) => then(err, READ_FIRST),
      modified_since_read: (err) => then(err, READ_FIRST),
      file_exists: (err, _args, c) =>
        c.tool === 'fs.write'
          ? then(err, 'Use mode "overwrite" to replace it, or fs.edit to change part of it.')
          : undefined,
      parent_missing: (err) =>
        then(err, 'Create the directory first, or write the file with fs.write, which creates missing directories.'),
    },
    byKind,
  ),
};
