// update_topic: Gemini CLI's narration of the session's work. The topic (title) and the strategic
// intent are recorded in the session, as the vendor keeps them in its config, so a later call
// that keeps the title is answered as a tactical update ("Strategic Intent: ..." alone). Nothing
// else reads them here: the host sees each update in the result's host block.
import type { ArgsOf } from '../kit/args/schema-args.js';
import { defineTool } from '../common/define.js';
import { TAGS } from '../tags.js';
import { object } from '../gemini-family/schema.js';

const schema = object(
  { title: 'string', summary: 'string', strategic_intent: 'string', wait_for_previous: 'boolean' },
  ['strategic_intent'],
);
type Args = ArgsOf<typeof schema>;

interface Topic {
  title?: string;
  intent?: string;
}

const TOPIC = 'gemini.topic';

/** The vendor's cleaning of a title or intent: trimmed, line breaks made spaces; empty is no value. */
const clean = (v: string | undefined) => v?.trim().replace(/[\r\n]+/g, ' ') || undefined;

export const updateTopic = defineTool<Args>({
  name: 'update_topic',
  summary: "Publish the session's current topic (a phase of the work) and your strategic intent to the user.",
  description: [
    'Records the topic of the work and your immediate intent, for the user following along. Give title and summary',
    '(what was done, what comes next) when a new phase starts; strategic_intent alone for a tactical update within it.',
    'A new title answers with the topic, its summary and the intent; the same title again answers with the intent only.',
  ],
  schema,
  tags: [TAGS.readOnly],
  idempotency: 'side_effecting',
  examples: [
    {
      description: 'Start a phase',
      arguments: {
        title: 'Fixing the parser',
        summary: 'Found the bug in tokenize().',
        strategic_intent: 'Write a test',
      },
      expectedOutcome:
        'Current topic: "Fixing the parser"\nTopic summary: Found the bug in tokenize().\n\nStrategic Intent: Write a test',
    },
  ],
  errorModes: 'strategic_intent is required; an empty title or intent keeps the one recorded before.',
  async call(a, c) {
    const topic = c.session.bag<Topic>(TOPIC, () => ({}));
    const title = a.title?.trim();
    const isNew = !!title && title !== topic.title;
    topic.title = clean(a.title) ?? topic.title;
    topic.intent = clean(a.strategic_intent) ?? topic.intent;
    const current = topic.title || '...';
    const intent = a.strategic_intent || topic.intent || '...';
    const host = { summary: isNew ? `Topic: ${current}` : `Intent: ${intent}`, details: { topic: current, intent } };
    if (!isNew) return { text: `Strategic Intent: ${intent}`, host };
    const stated = a.strategic_intent?.trim();
    const text = `Current topic: "${current}"\nTopic summary: ${a.summary || '...'}${stated ? `\n\nStrategic Intent: ${stated}` : ''}`;
    return { text, host };
  },
});
