// The candidate measured against words.ts (issue 18): the same SimpleCommand list, built
// from the tree-sitter-bash grammar through web-tree-sitter instead of the hand-rolled
// lexer. Kept here, outside src/, because the measurement in shell-parse.bench.ts found it
// less correct (see the top of src/engine/shell/shell-words.ts); it stays so the numbers can be
// reproduced when either side changes.
import { createRequire } from 'node:module';
import { Language, Parser, type Node } from 'web-tree-sitter';
import { ShellSyntaxError, shellWords, type SimpleCommand, type Word } from '../../src/engine/shell/shell-words.js';

let parser: Parser | undefined;

/** Loads the wasm runtime and the bash grammar once; resolves when splitWithTreeSitter may be called. */
export async function initTreeSitter(): Promise<void> {
  if (parser) return;
  const require = createRequire(import.meta.url);
  await Parser.init();
  const bash = await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
  parser = new Parser();
  parser.setLanguage(bash);
}

const EXPANSIONS = new Set([
  'simple_expansion',
  'expansion',
  'command_substitution',
  'process_substitution',
  'arithmetic_expansion',
]);
const SUBSTITUTIONS = new Set(['command_substitution', 'process_substitution']);
const GLOB = /(^|[^\\])([*?{]|\[(?! ))/;

/** Every simple command the line would run, top level first, then those in substitutions. */
export function splitWithTreeSitter(line: string): SimpleCommand[] {
  if (!parser) throw new Error('initTreeSitter() has not finished');
  const tree = parser.parse(line);
  if (!tree) throw new ShellSyntaxError('the line could not be parsed');
  try {
    const root = tree.rootNode;
    if (root.hasError) {
      const bad = findError(root);
      throw new ShellSyntaxError(
        `the line does not parse as bash${bad ? ` near "${line.slice(bad.startIndex, bad.startIndex + 20)}"` : ''}`,
      );
    }
    return split(root);
  } finally {
    tree.delete();
  }
}

function findError(n: Node): Node | undefined {
  if (n.isError || n.isMissing) return n;
  for (const c of n.children) {
    if (c && c.hasError) {
      const f = findError(c);
      if (f) return f;
    }
  }
  return undefined;
}

/** The commands of a program or of the inside of a substitution. */
function split(root: Node): SimpleCommand[] {
  const top: SimpleCommand[] = [];
  const nested: SimpleCommand[] = [];
  for (const c of root.namedChildren) if (c) walk(c, top, nested);
  return [...top, ...nested];
}

/** Collects commands under `n`: statements into `top`, substitution contents into `nested`. */
function walk(n: Node, top: SimpleCommand[], nested: SimpleCommand[]): void {
  switch (n.type) {
    case 'comment':
      return;
    case 'command':
      top.push(command(n, nested));
      return;
    case 'declaration_command':
    case 'unset_command': {
      // export/local/declare/readonly/unset: the keyword is the program, the rest its arguments.
      const words: Word[] = [{ value: n.child(0)!.text, dynamic: false, quoted: false }];
      for (const c of n.namedChildren) if (c) words.push(wordOf(c, nested));
      top.push({ words, assignments: [], text: n.text.trim() });
      return;
    }
    case 'test_command':
      // [ ... ] runs the `[` builtin; [[ ... ]] and (( )) run nothing of their own.
      if (n.text.startsWith('[') && !n.text.startsWith('[[')) {
        top.push({ words: [{ value: '[', dynamic: false, quoted: false }], assignments: [], text: n.text.trim() });
      }
      collectSubstitutions(n, nested);
      return;
    case 'command_substitution':
    case 'process_substitution':
      nested.push(...split(n));
      return;
    case 'for_statement':
    case 'case_statement':
    case 'function_definition':
    case 'variable_assignment':
    case 'variable_assignments': {
      // Headers (loop values, case subjects and patterns, names) are data; bodies are commands.
      for (const c of n.namedChildren) {
        if (!c) continue;
        if (
          c.type === 'do_group' ||
          c.type === 'compound_statement' ||
          c.type === 'subshell' ||
          c.type === 'case_item' ||
          c.type === 'if_statement'
        )
          walk(c, top, nested);
        else if (n.type === 'case_statement' || n.type === 'for_statement' || n.type.startsWith('variable'))
          collectSubstitutions(c, nested);
        else if (n.type === 'function_definition' && c.type !== 'word') walk(c, top, nested);
      }
      if (n.type === 'variable_assignment') top.push({ words: [], assignments: [n.text], text: n.text });
      return;
    }
    case 'case_item':
      for (const c of n.namedChildren) {
        if (!c) continue;
        if (n.childrenForFieldName('value').some((v) => v?.id === c.id)) collectSubstitutions(c, nested);
        else walk(c, top, nested);
      }
      return;
    case 'file_redirect':
    case 'heredoc_redirect':
    case 'herestring_redirect':
      for (const c of n.namedChildren) {
        if (!c) continue;
        // A heredoc redirect may hold the rest of its pipeline (cat <<EOF | sh).
        if (c.type === 'pipeline' || c.type === 'command' || c.type === 'list') walk(c, top, nested);
        else collectSubstitutions(c, nested);
      }
      return;
    default:
      for (const c of n.namedChildren) if (c) walk(c, top, nested);
  }
}

/** Commands run by substitutions inside data (words, heredoc bodies, arithmetic). */
function collectSubstitutions(n: Node, nested: SimpleCommand[]): void {
  if (SUBSTITUTIONS.has(n.type)) {
    nested.push(...split(n));
    return;
  }
  for (const c of n.namedChildren) if (c) collectSubstitutions(c, nested);
}

function command(n: Node, nested: SimpleCommand[]): SimpleCommand {
  const words: Word[] = [];
  const assignments: string[] = [];
  for (const c of n.namedChildren) {
    if (!c) continue;
    if (c.type === 'variable_assignment') {
      assignments.push(c.text);
      collectSubstitutions(c, nested);
    } else if (c.type.endsWith('_redirect')) {
      collectSubstitutions(c, nested);
    } else if (c.type === 'command_name') {
      words.push(wordOf(c.namedChildren[0]!, nested));
    } else if (c.type !== 'comment') {
      words.push(wordOf(c, nested));
    }
  }
  return { words, assignments, text: n.text.trim() };
}

/** A word after quote removal; substitutions inside it are collected as nested commands. */
function wordOf(n: Node, nested: SimpleCommand[]): Word {
  collectSubstitutions(n, nested);
  return valueOf(n);
}

function valueOf(n: Node, inConcatenation = false): Word {
  switch (n.type) {
    case 'word':
    case 'number': {
      const t = n.text;
      // A lone { [ [[ is syntax; inside a longer word it is a brace or glob pattern.
      const dynamic = GLOB.test(t) && (inConcatenation || !['{', '[', '[['].includes(t));
      return { value: t.replace(/\\\n/g, '').replace(/\\(.)/gs, '$1'), dynamic, quoted: t.includes('\\') };
    }
    case 'raw_string':
      return { value: n.text.slice(1, -1), dynamic: false, quoted: true };
    case 'ansi_c_string':
      // tree-sitter gives the raw text; the escapes are decoded by the one decoder Facet has.
      return { value: shellWords(n.text)[0] ?? '', dynamic: false, quoted: true };
    case 'string':
    case 'translated_string': {
      let value = '';
      let dynamic = false;
      for (const c of n.children) {
        if (!c || c.type === '"' || c.type === '$"') continue;
        if (EXPANSIONS.has(c.type)) dynamic = true;
        else value += c.text.replace(/\\([$`"\\])/g, '$1').replace(/\\\n/g, '');
      }
      return { value, dynamic, quoted: true };
    }
    case 'concatenation': {
      const parts = n.children.filter((c): c is Node => c !== null).map((c) => valueOf(c, true));
      return {
        value: parts.map((p) => p.value).join(''),
        dynamic: parts.some((p) => p.dynamic),
        quoted: parts.some((p) => p.quoted),
      };
    }
    default:
      // Expansions, substitutions, brace and extglob patterns: known only at run time.
      return { value: '', dynamic: true, quoted: false };
  }
}
