// tool_search: Qwen Code 0.24.4's look at the deferred tools' declarations. "select:a,b" shows
// the named tools (any the model may call), keywords rank the deferred ones by name and
// description; the answer is a <functions> block of {name, description, parametersJsonSchema},
// with "Not found:" and "Truncated by max_results" notes as Qwen writes them. It changes nothing:
// the call itself goes through tool_call.
import { EngineError } from '../../engine/index.js';
import type { ToolDefinition } from '../../registry/types.js';
import { defineTool, type Reply, type ToolMaker } from '../common/define.js';
import { TAGS } from '../tags.js';
import { type Bridge, functionBlock } from './deferred.js';

interface Args {
  query: string;
  max_results?: number;
}

const DEFAULT_RESULTS = 5;
const MOST_RESULTS = 20;
const STOP_WORDS = new Set(
  'a an and are at be can could did do does for from how i in is it me my of on or please should that the these this those to was were what which with would you'.split(
    ' ',
  ),
);
/** Words that also find tools named with their kin ("stop" finds a "cancel" tool). */
const KIN = ['cancel', 'clear', 'delete', 'remove', 'stop'];
const variants = (term: string) => (KIN.includes(term) ? [term, ...KIN.filter((k) => k !== term)] : [term]);

/** Query words, lowercased, trimmed of punctuation; a "+" marks a word the name must hold. */
export function searchTerms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .flatMap((raw) => {
      const must = raw.startsWith('+');
      const word = (must ? raw.slice(1) : raw).replace(/^[^\p{L}\p{N}_.+#-]+|[^\p{L}\p{N}_.+#-]+$/gu, '');
      return word.length < 2 || STOP_WORDS.has(word) ? [] : [must ? `+${word}` : word];
    });
}

/** How well a tool answers the words: its name (whole 10, part 5), its description (2), a kindred verb (6). */
export function toolScore(t: ToolDefinition, terms: readonly string[]): number {
  const name = t.name.toLowerCase();
  const desc = (t.description ?? t.summary).toLowerCase();
  let total = 0;
  for (const term of terms) {
    const vs = variants(term);
    let byName = 0;
    for (const v of vs) {
      if (name === v || name.endsWith(`_${v}`) || name.endsWith(`.${v}`)) byName = Math.max(byName, 10);
      else if (name.includes(v)) byName = Math.max(byName, 5);
    }
    total += byName;
    if (vs.some((v) => desc.includes(v))) total += 2;
    if (KIN.includes(term) && vs.some((v) => v !== term && name.includes(v))) total += 6;
  }
  return total;
}

const failure = (text: string): Reply => ({
  text,
  host: { summary: text },
  failure: new EngineError('invalid_argument', text, { field: 'query' }),
});

function schemas(all: readonly ToolDefinition[], names: string[], truncated: string[]): Reply {
  const byName = new Map(all.map((t) => [t.name.toLowerCase(), t]));
  const found: ToolDefinition[] = [];
  const missing: string[] = [];
  for (const n of names) {
    const t = byName.get(n.toLowerCase());
    if (t) found.push(t);
    else missing.push(n);
  }
  const parts: string[] = [];
  if (found.length > 0) parts.push(`<functions>\n${found.map(functionBlock).join('\n')}\n</functions>`);
  if (missing.length > 0) parts.push(`Not found: ${missing.join(', ')}`);
  if (truncated.length > 0)
    parts.push(`Truncated by max_results \u2014 request these in a follow-up call: ${truncated.join(', ')}`);
  const summary = [
    ...(found.length > 0 ? [`Reviewed ${found.length} tool(s)`] : []),
    ...(missing.length > 0 ? [`${missing.length} missing`] : []),
    ...(truncated.length > 0 ? [`${truncated.length} truncated`] : []),
  ];
  return {
    text: parts.join('\n\n'),
    host: { summary: summary.join(', ') || 'No tools reviewed', details: { tools: found.map((t) => t.name) } },
  };
}

/** tool_search over the shape's tools; `bridge` gives the deferred ones (known once the shape's tools are built). */
export const toolSearch = (bridge: () => Bridge): ToolMaker<Args> =>
  defineTool<Args>({
    name: 'tool_search',
    summary: 'Show the declarations of deferred tools, by exact name (select:a,b) or by keywords.',
    description: [
      'Deferred tools are not in your tool list; this shows their declarations (name, description, parameter schema)',
      'in a <functions> block without changing your tools. query "select:ToolA,ToolB" fetches those tools by name,',
      'keywords rank the deferred tools (at most max_results, default 5, at most 20; "+word" requires the word in the',
      'name). Then call a deferred tool through tool_call with its exact name and arguments matching the schema.',
    ],
    schema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1 },
        max_results: { type: 'integer', minimum: 1, maximum: MOST_RESULTS, default: DEFAULT_RESULTS },
      },
      required: ['query'],
    },
    tags: [TAGS.readOnly],
    idempotency: 'idempotent',
    examples: [
      {
        description: 'Show the monitor tool',
        arguments: { query: 'select:monitor' },
        expectedOutcome: '<functions>\n<function>{"name":"monitor",...}</function>\n</functions>',
      },
    ],
    errorModes: [
      'INVALID_ARGUMENT: an empty query ("Empty query"), or one with no search words ("No search terms").',
      "Not an error: No tools found matching '<query>'. Try broader keywords or use `select:ToolName`.",
    ],
    async call(a) {
      const query = a.query.trim();
      if (query === '') return failure('Empty query');
      const max = Math.min(MOST_RESULTS, Math.max(1, Math.floor(a.max_results ?? DEFAULT_RESULTS)));
      const b = bridge();
      if (query.toLowerCase().startsWith('select:')) {
        const seen = new Set<string>();
        const names: string[] = [];
        const truncated: string[] = [];
        for (const raw of query.slice('select:'.length).split(',')) {
          const n = raw.trim().replace(/^(["'])(.*)\1$/, '$2');
          if (n === '' || seen.has(n.toLowerCase())) continue;
          seen.add(n.toLowerCase());
          (names.length < max ? names : truncated).push(n);
        }
        if (names.length === 0) return failure('No tool names');
        return schemas([...b.deferred, ...b.visible], names, truncated);
      }
      const terms = searchTerms(query);
      const required = terms.filter((t) => t.startsWith('+')).map((t) => t.slice(1));
      const words = terms.map((t) => (t.startsWith('+') ? t.slice(1) : t));
      if (words.length === 0) return failure('No search terms');
      const ranked = b.deferred
        .filter((t) => required.every((r) => variants(r).some((v) => t.name.toLowerCase().includes(v))))
        .map((t) => ({ t, score: toolScore(t, words) }))
        .filter((x) => x.score > 0)
        .sort((x, y) => y.score - x.score || x.t.name.localeCompare(y.t.name))
        .slice(0, max)
        .map((x) => x.t.name);
      if (ranked.length === 0)
        return {
          text: `No tools found matching '${query}'. Try broader keywords or use \`select:ToolName\`.`,
          host: { summary: `No matches for '${query}'` },
        };
      return schemas(b.deferred, ranked, []);
    },
  });
