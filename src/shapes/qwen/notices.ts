// Qwen Code 0.24.4's monitor notifications: each line a monitor prints is one <task-notification>
// block (kind monitor, status running, the event's number), and its end one more (completed,
// failed or cancelled, the total and the command). Qwen sends them as a user message of blocks
// joined by blank lines; Facet has no turn of its own, so they follow the session's next tool
// result after a blank line. Qwen sends nothing when a background shell ends (observed headless),
// so those notifications are dropped. <tool-use-id> is left out: Facet does not see call ids.
// Each line is one event (the engine's lineEvents, throttled 5 at once and one more a second,
// monitor.ts); the line is trimmed, cleaned and cut here as Qwen does before it sends it.
import { drainNotifications, stripAnsi, type SessionNotification } from '../../engine/index.js';
import type { ToolResult } from '../../registry/types.js';
import type { Call } from '../common/define.js';
import { MONITOR_PREFIX } from './task-stop.js';

const LABEL_MAX = 80;
/** An event line past this many characters is cut, marked "...[truncated]". */
const EVENT_MAX = 2000;

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
/** Control characters (C0 but tab, C1) and bidi controls are not shown. */
const shown = (s: string) => s.replace(/[\u0000-\u0008\u000a-\u001f\u0080-\u009f\u202a-\u202e\u2066-\u2069]/g, '');
/** The tags of Qwen's envelope, which a watched line must not be able to open or close. */
const ENVELOPE = new Set([
  'task-notification',
  'task-id',
  'tool-use-id',
  'kind',
  'status',
  'event-count',
  'summary',
  'result',
]);

/** A watched line as Qwen keeps it: control characters (C0 but tab, C1) dropped, envelope tags broken by U+200B. */
export function sanitizeMonitorLine(line: string): string {
  return line
    .replace(/[\u0000-\u0008\u000a-\u001f\u0080-\u009f]/g, '')
    .replace(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)>/g, (m, slash: string, tag: string) =>
      ENVELOPE.has(tag.toLowerCase()) ? `<${slash}\u200b${tag}>` : m,
    );
}
const label = (s: string) => {
  const one = [...shown(s).replace(/\s+/g, ' ').trim()];
  return one.length <= LABEL_MAX ? one.join('') : `${one.slice(0, LABEL_MAX - 3).join('')}...`;
};
/** The event's text: colours gone, trimmed, sanitized, cut at EVENT_MAX; '' for a line with nothing left. */
const eventText = (raw: string) => {
  const line = sanitizeMonitorLine(stripAnsi(raw).trim());
  if (line.trim() === '') return '';
  return shown(line.length > EVENT_MAX ? `${line.slice(0, EVENT_MAX)}...[truncated]` : line);
};
const block = (lines: string[]) => ['<task-notification>', ...lines, '</task-notification>'].join('\n');

const COUNTS = 'qwen.monitorEvents';

/** The <result> of a monitor's end: how it ended, as Qwen says it (none when it was stopped). */
function endDetail(n: Extract<SessionNotification, { type: 'monitor_ended' }>): string | undefined {
  const j = n.job;
  if (n.reason === 'idle') return 'Idle timeout';
  if (n.reason === 'max_events') return 'Max events reached';
  if (n.reason === 'stopped') return undefined;
  if (n.reason === 'failed' && j.exitCode !== null) return `Exit code ${j.exitCode}`;
  if (n.reason === 'failed' && j.signal) return `Killed by signal ${j.signal}`;
  return j.exitCode !== null ? `Exited with code ${j.exitCode}` : undefined;
}

function blocks(n: SessionNotification, c: Call): string[] {
  if (n.type === 'job_ended') return [];
  const counts = c.session.bag(COUNTS, () => new Map<string, number>());
  const id = `${MONITOR_PREFIX}${n.monitor}`;
  const desc = xml(label(sanitizeMonitorLine(n.description)));
  if (n.type === 'monitor_lines') {
    const out: string[] = [];
    for (const raw of n.lines) {
      const line = eventText(raw);
      if (line === '') continue;
      const count = (counts.get(id) ?? 0) + 1;
      counts.set(id, count);
      out.push(
        block([
          `<task-id>${id}</task-id>`,
          '<kind>monitor</kind>',
          '<status>running</status>',
          `<event-count>${count}</event-count>`,
          `<summary>Monitor "${desc}" emitted event #${count}.</summary>`,
          `<result>${xml(line)}</result>`,
        ]),
      );
    }
    return out;
  }
  const total = counts.get(id) ?? 0;
  const status = n.reason === 'failed' ? 'failed' : n.reason === 'stopped' ? 'cancelled' : 'completed';
  const said = status === 'cancelled' ? 'was cancelled' : status;
  const dropped = n.dropped ? ` ${n.dropped} lines dropped due to throttling.` : '';
  const detail = endDetail(n);
  return [
    block([
      `<task-id>${id}</task-id>`,
      '<kind>monitor</kind>',
      `<status>${status}</status>`,
      `<event-count>${total}</event-count>`,
      `<summary>Monitor "${desc}" ${said}. Total events: ${total}.${dropped}</summary>`,
      `<command>${xml(shown(n.job.command))}</command>`,
      ...(detail ? [`<result>${xml(detail)}</result>`] : []),
    ]),
  ];
}

/** The result with the session's due monitor notifications after it. */
export function withQwenNotices(result: ToolResult, c: Call): ToolResult {
  const texts = drainNotifications(c.session).notifications.flatMap((n) => blocks(n, c));
  return texts.length === 0 ? result : { ...result, text: `${result.text}\n\n${texts.join('\n\n')}` };
}
