// TaskOutput: one task's status as key: value lines, then the newest 32 KiB of its log.
import { waitedTail } from '../../kit/shell/job-tail.js';
import { type Call, defineTool, type Reply } from '../../common/define.js';
import { TAGS } from '../../tags.js';
import { kimiOk } from './errors.js';
import { taskHost, taskLines, terminalReason } from './tasks.js';

/** The task's key: value lines, then the newest output after an [output] line. */
function report(tail: Awaited<ReturnType<typeof waitedTail>>, c: Call): Reply {
  const j = tail.job;
  const readable = tail.readable;
  const { head, end } = taskLines(j, c);
  const hint = readable
    ? `ReadFile(path="${j.logPath}", line_offset=1, n_lines=300) reads the log from the start.`
    : 'The log is kept outside the workspace, so only this preview of the newest output can be shown.';
  const cut = !tail.truncated
    ? ''
    : readable
      ? `[Truncated. Full output: ${j.logPath}]\n`
      : `[Truncated: the last ${tail.previewBytes} bytes]\n`;
  const lines = [
    `retrieval_status: ${tail.retrieval}`,
    ...head,
    `interrupted: ${j.status === 'killed'}`,
    `timed_out: ${j.status === 'timed_out'}`,
    `terminal_reason: ${terminalReason(j)}`,
    ...end,
    `output_path: ${j.logPath}`,
    `output_size_bytes: ${tail.totalBytes}`,
    `output_preview_bytes: ${tail.previewBytes}`,
    `output_truncated: ${tail.truncated}`,
    `full_output_available: ${readable && tail.truncated}`,
    'full_output_tool: ReadFile',
    `full_output_hint: ${hint}`,
    '[output]',
    cut + tail.text,
  ];
  return kimiOk('', lines.join('\n'), {
    ...taskHost(j),
    truncated: tail.truncated,
    counts: { outputBytes: tail.totalBytes },
  });
}

export const taskOutputTool = defineTool<{ task_id: string; block?: boolean; timeout?: number }>({
  name: 'TaskOutput',
  summary: "See a background task's status and the newest 32 KiB of its output; block=true waits for it to end.",
  description: [
    'Returns key: value lines about one task (retrieval_status success when it has ended, not_ready while it runs, timeout when block=true waited `timeout`',
    'seconds and it still runs; then task_id, kind, status, description, command, interrupted, timed_out, terminal_reason, exit_code, the log path and',
    'sizes) and, after an [output] line, the last 32 KiB of its merged output. Non-blocking by default; timeout 0 to 3600 s (default 30) applies with',
    'block=true.',
  ],
  schema: {
    properties: {
      task_id: { type: 'string' },
      block: { default: false, type: 'boolean' },
      timeout: { default: 30, maximum: 3600, minimum: 0, type: 'integer' },
    },
    required: ['task_id'],
    type: 'object',
  },
  tags: [TAGS.shell, TAGS.readOnly],
  examples: [
    {
      description: 'Check a task without waiting',
      arguments: { task_id: 'a1b2c3d4' },
      expectedOutcome: 'retrieval_status and the output so far.',
    },
    {
      description: 'Wait up to a minute for a task to finish',
      arguments: { task_id: 'a1b2c3d4', block: true, timeout: 60 },
      expectedOutcome: 'retrieval_status success with exit_code, or timeout.',
    },
  ],
  idempotency: 'idempotent',
  errorModes: 'NOT_FOUND: no task with that id in this session (TaskList shows them).',
  async call(args, c) {
    const tail = await waitedTail(c.engine.shell, c, args.task_id, {
      wait: args.block,
      waitMs: (args.timeout ?? 30) * 1000,
      maxBytes: 32 << 10,
    });
    return report(tail, c);
  },
});
