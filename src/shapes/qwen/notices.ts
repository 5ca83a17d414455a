// Qwen Code 0.24.4's monitor notifications: each line a monitor prints is one <task-notification>
// block (kind monitor, status running, the event's number), and its end one more (completed,
// failed or cancelled, the total and the command). Qwen sends them as a user message of blocks
// joined by blank lines; Facet has no turn of its own, so they follow the session's next tool
// result after a blank line. Qwen sends nothing when a background shell ends (observed headless),
// so those notifications are dropped. <tool-use-id> is left out: Facet does not see call ids.
import { drainNotifications, type SessionNotification } from '../../engine/index.js';
import type { ToolResult } from '../../registry/types.js';
import type { Call } from '../common/define.js';
import { MONITOR_PREFIX } from './task-stop.js';

const LABEL_MAX = 80;

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
/** Control characters other than tab are not shown. */
const shown = (s: string) => s.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g, '');
const label = (s: string) => {
  const one = [...shown(s).replace(/\s+/g, ' ').trim()];
  return one.length <= LABEL_MAX ? one.join('') : `${one.slice(0, LABEL_MAX - 3).join('')}...`;
};
const block = (lines: string[]) => ['<task-notification>', ...lines, '</task-notification>'].join('\n');

const COUNTS = 'qwen.monitorEvents';

function blocks(n: SessionNotification, c: Call): string[] {
  if (n.type === 'job_ended') return [];
  const counts = c.session.bag(COUNTS, () => new Map<string, number>());
  const id = `${MONITOR_PREFIX}${n.monitor}`;
  const desc = xml(label(n.description));
  if (n.type === 'monitor_lines') {
    const out: string[] = [];
    for (const raw of n.lines) {
      const line = shown(raw);
      if (line.trim() === '') continue;
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
  const j = n.job;
  const status = n.reason === 'failed' ? 'failed' : n.reason === 'stopped' ? 'cancelled' : 'completed';
  const said = status === 'cancelled' ? 'was cancelled' : status;
  const detail =
    n.reason === 'idle'
      ? 'Idle timeout'
      : n.reason === 'max_events'
        ? 'Max events reached'
        : j.exitCode !== null && j.exitCode !== undefined && status !== 'cancelled'
          ? `Exited with code ${j.exitCode}`
          : undefined;
  return [
    block([
      `<task-id>${id}</task-id>`,
      '<kind>monitor</kind>',
      `<status>${status}</status>`,
      `<event-count>${total}</event-count>`,
      `<summary>Monitor "${desc}" ${said}. Total events: ${total}.</summary>`,
      `<command>${xml(shown(j.command))}</command>`,
      ...(detail ? [`<result>${xml(detail)}</result>`] : []),
    ]),
  ];
}

/** The result with the session's due monitor notifications after it. */
export function withQwenNotices(result: ToolResult, c: Call): ToolResult {
  const texts = drainNotifications(c.session).notifications.flatMap((n) => blocks(n, c));
  return texts.length === 0 ? result : { ...result, text: `${result.text}\n\n${texts.join('\n\n')}` };
}
