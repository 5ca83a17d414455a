// Skill (Kimi Code 2.1.0): loads a skill inline. The result says it was loaded; the
// instructions follow as a second text part in the <skill-loaded> block Kimi Code sends as a
// user message (Facet has no turn of its own, so it travels with the result). Arguments are split
// at whitespace, quotes grouping a token: $0, $1… and named `arguments` take tokens, $ARGUMENTS
// the whole string; a body without placeholders gets the string as a last "ARGUMENTS:" line.
import { EngineError, isCondition } from '../../engine/index.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { codeFail } from './errors.js';

/** Where a root keeps its skills, as Kimi Code lays them out (the operator's --skills-dir besides). */
export const KIMI_SKILL_DIRS = ['.kimi-code/skills', '.agents/skills'] as const;

/** The argument string as tokens: whitespace separates, a quoted stretch is one token without its quotes. */
export function tokens(raw: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | undefined;
  let any = false;
  for (const ch of raw) {
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      any = true;
    } else if (/\s/.test(ch)) {
      if (any || cur !== '') out.push(cur);
      cur = '';
      any = false;
    } else {
      cur += ch;
      any = true;
    }
  }
  if (any || cur !== '') out.push(cur);
  return out;
}

const tags = (s: string) => s.replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const attr = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The body with the arguments in its placeholders, as Kimi Code expands them. */
export function expanded(body: string, raw: string, names: readonly string[], dir: string): string {
  const t = tokens(raw);
  let out = body;
  names.forEach((name, i) => {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`\\$${escaped}(?![\\[\\w])`, 'g'), () => tags(t[i] ?? ''));
  });
  out = out
    .replace(/\$ARGUMENTS\[(\d+)\]/g, (_m, n: string) => tags(t[Number(n)] ?? ''))
    .replace(/\$(\d+)(?!\w)/g, (_m, n: string) => tags(t[Number(n)] ?? ''))
    .replaceAll('$ARGUMENTS', tags(raw));
  const placed = out !== body;
  out = out.replaceAll('${KIMI_SKILL_DIR}', dir);
  return !placed && raw.length > 0 ? `${out}\n\nARGUMENTS: ${tags(raw)}` : out;
}

const argumentNames = (fm: Record<string, unknown>): string[] => {
  const v = fm.arguments;
  const ok = (n: string) => n.trim() !== '' && !/^\d+$/.test(n);
  if (typeof v === 'string') return v.split(/\s+/).filter(ok);
  return Array.isArray(v) ? v.filter((n): n is string => typeof n === 'string' && ok(n)) : [];
};

export const skillTool = defineTool<{ skill: string; args?: string }>({
  name: 'Skill',
  summary: "Load a skill's instructions (a SKILL.md from the skills directories) inline, to follow them now.",
  description: [
    "Loads a skill from the skill listing (the operator's skills directories and each root's .kimi-code/skills and",
    '.agents/skills) and returns its instructions in a <skill-loaded> block to follow at once. args is a command-line-like',
    'string: split at whitespace (quotes group a token) into the $0, $1… and named placeholders, whole into $ARGUMENTS; a',
    'body without placeholders gets it as a last "ARGUMENTS:" line. Call a skill again only with different args.',
  ],
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { skill: { type: 'string' }, args: { type: 'string' } },
    required: ['skill'],
    additionalProperties: false,
  },
  tags: [TAGS.readOnly],
  idempotency: 'idempotent',
  examples: [
    {
      description: 'Run a project skill with arguments',
      arguments: { skill: 'commit', args: '-m "fix bug"' },
      expectedOutcome: 'Skill "commit" loaded inline. Follow its instructions. and the <skill-loaded> block.',
    },
  ],
  errorModes: [
    'NOT_FOUND: "Skill "<name>" not found in the current skill listing."',
    'FAILED_PRECONDITION: "Skill "<name>" can only be triggered by the user (model invocation is disabled)."',
  ],
  async call(a, c): Promise<Reply> {
    const raw = a.args ?? '';
    const loaded = await c.engine.skills.load(c, KIMI_SKILL_DIRS, a.skill);
    const s = loaded.skill;
    if (s.frontmatter['disable-model-invocation'] === true)
      throw new EngineError('precondition_failed', `the skill ${s.name} is for the user to run`, {
        field: 'skill',
        facts: { skill: s.name, reason: 'disable-model-invocation' },
      });
    const body = expanded(
      loaded.body.replace(/^\n+/, '').replace(/\n+$/, ''),
      raw,
      argumentNames(s.frontmatter),
      s.dir,
    );
    const attrs = [
      ['name', s.name],
      ['trigger', 'model-tool'],
      ['source', s.source === 'dir' ? 'user' : 'project'],
      ['dir', s.dir],
      ['args', raw],
    ]
      .map(([k, v]) => ` ${k}="${attr(v!)}"`)
      .join('');
    const block = `Skill tool loaded instructions for this request. Follow them.\n\n<skill-loaded${attrs}>\n${body}\n</skill-loaded>`;
    return {
      text: `Skill "${s.name}" loaded inline. Follow its instructions.`,
      parts: [block],
      host: { summary: `Loaded skill ${s.name}`, details: { skill: s.name, dir: s.dir, file: s.file } },
    };
  },
  errors(err, a) {
    if (err.facts.reason === 'disable-model-invocation')
      return codeFail(`Skill "${a.skill}" can only be triggered by the user (model invocation is disabled).`);
    if (isCondition(err, 'skill_missing'))
      return codeFail(`Skill "${a.skill}" not found in the current skill listing.`);
    return undefined;
  },
});
