// --audit-log FILE: one JSON line per destructive call (every call with --audit-reads): when,
// which shape, session and tool, how it ended, and what the engine recorded it changed (files
// with their content hashes before and after; commands with their exit and duration). The file
// is opened for appending only and each line is written with one write(2), so a line is never
// held in a buffer of ours; it may not lie inside a root, where the agent could rewrite it.
import { closeSync, openSync, realpathSync, writeSync } from 'node:fs';
import path from 'node:path';
import { isWithin } from '../../engine/index.js';
import type { ChangeRecord } from '../../engine/index.js';

export interface AuditEntry {
  shape: string;
  session: string;
  tool: string;
  transport: string;
  /** ok, or the failure code. */
  outcome: string;
  durationMs: number;
  changes?: ChangeRecord;
}

export class AuditLog {
  private fd: number | undefined;

  /** Opens `file` for appending (mode 0600 when created); throws, saying why, when it lies inside a root. */
  constructor(
    readonly file: string,
    roots: readonly string[],
    /** Log read-only calls too. */
    readonly reads: boolean,
  ) {
    const real = realTarget(file);
    for (const root of roots) {
      let realRoot = root;
      try {
        realRoot = realpathSync(root);
      } catch {
        // a root that does not exist is refused elsewhere; compare as given
      }
      if (isWithin(realRoot, real)) {
        throw new Error(
          `--audit-log ${file} lies inside the root ${root}, where the tools could rewrite it: put it outside every root`,
        );
      }
    }
    this.fd = openSync(real, 'a', 0o600);
  }

  write(e: AuditEntry): void {
    if (this.fd === undefined) return;
    const line: Record<string, unknown> = {
      time: new Date().toISOString(),
      shape: e.shape,
      session: e.session,
      tool: e.tool,
      transport: e.transport,
      outcome: e.outcome,
      durationMs: e.durationMs,
      files: e.changes?.files ?? [],
      commands: e.changes?.commands ?? [],
    };
    writeSync(this.fd, JSON.stringify(line) + '\n');
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Where `file` really is: its own real path when it exists, else its directory's real path joined with its name. */
function realTarget(file: string): string {
  const abs = path.resolve(file);
  try {
    return realpathSync(abs);
  } catch {
    try {
      return path.join(realpathSync(path.dirname(abs)), path.basename(abs));
    } catch {
      throw new Error(`--audit-log ${file}: its directory ${path.dirname(abs)} does not exist`);
    }
  }
}
