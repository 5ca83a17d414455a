// clock__curr_time: the current time in UTC. Codex nests it in exec in code mode (from its
// clock namespace), answering {current_time: "YYYY-MM-DD HH:MM:SS UTC"}.
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { STRING } from './schema.js';

export const clockCurrTime = defineTool<Record<string, never>, Reply>({
  name: 'clock__curr_time',
  summary: 'The current time in UTC.',
  description: 'Answers the current UTC time as YYYY-MM-DD HH:MM:SS UTC.',
  schema: { type: 'object', properties: {}, additionalProperties: false },
  output: { type: 'object', properties: { current_time: STRING }, required: ['current_time'] },
  tags: [TAGS.readOnly],
  idempotency: 'idempotent',
  errorModes: 'It does not fail.',
  async call() {
    const now = `${new Date().toISOString().slice(0, 19).replace('T', ' ')} UTC`;
    return { text: `It is ${now}.`, data: { current_time: now } };
  },
});
