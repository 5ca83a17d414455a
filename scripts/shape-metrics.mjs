#!/usr/bin/env node
// Measures the shapes against the engine: per shape directory its files, lines, tools, and the
// lines of mapping per tool (the bodies of each tool's `handler`, or of `call` + `format` in a
// `defineTool({...})` table), plus the lines of error wording per tool (`formatError`, or
// `errors`), and the same with the file's own top-level functions added when the file defines
// one tool (`+local`). Ends with the totals of src/shapes and src/engine.
//
//   node scripts/shape-metrics.mjs              the working tree
//   node scripts/shape-metrics.mjs <dir>        another checkout (its src/ is read)
//   node scripts/shape-metrics.mjs --rev <rev>  a commit, read through git (no checkout needed)
//   node scripts/shape-metrics.mjs --tools      also list every tool's file and lines, worst first
//
// Lines are all lines of the .ts files (as `wc -l` counts them); body lines are the non-blank
// lines a body spans (a block's statements, or an arrow's expression). A tool is a
// `defineTool(...)` call (the new form), or an object literal with `name`, `inputSchema` and a
// `handler` (the old form; `run` and `word` when a shape wraps it, as Claude's claudeTool does).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const listTools = process.argv.includes('--tools');
const args = process.argv.slice(2).filter((a) => a !== '--tools');
const rev = args[0] === '--rev' ? args[1] : undefined;
const root = rev ? process.cwd() : path.resolve(args[0] ?? '.');

/** The .ts files under `dir` (relative to the repository), with their text. */
function sources(dir) {
  if (rev) {
    const out = execFileSync('git', ['ls-tree', '-r', '--name-only', rev, '--', dir], { cwd: root, encoding: 'utf8' });
    return out
      .split('\n')
      .filter((f) => f.endsWith('.ts'))
      .map((f) => ({
        file: f,
        text: execFileSync('git', ['show', `${rev}:${f}`], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 }),
      }));
  }
  const found = [];
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return;
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const r = path.posix.join(rel, e.name);
      if (e.isDirectory()) walk(r);
      else if (e.name.endsWith('.ts')) found.push({ file: r, text: fs.readFileSync(path.join(root, r), 'utf8') });
    }
  };
  walk(dir);
  return found;
}

/** Lines as `wc -l` counts them. */
const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Non-blank lines between two offsets of `text`. */
function spanLines(sf, text, start, end) {
  const a = sf.getLineAndCharacterOfPosition(start).line;
  const b = sf.getLineAndCharacterOfPosition(end).line;
  const lines = text.split('\n').slice(a, b + 1);
  return lines.filter((l) => l.trim() !== '').length;
}

/** Lines of a function's body, or of any other initializer as a whole. */
function bodyLines(sf, text, node) {
  if (!node) return 0;
  let fn = node;
  if (ts.isPropertyAssignment(node)) fn = node.initializer;
  if (ts.isMethodDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) {
    const body = fn.body;
    if (!body) return 0;
    if (ts.isBlock(body))
      return body.statements.length === 0
        ? 0
        : spanLines(sf, text, body.statements[0].getStart(sf), body.statements.at(-1).getEnd());
    return spanLines(sf, text, body.getStart(sf), body.getEnd());
  }
  return spanLines(sf, text, fn.getStart(sf), fn.getEnd());
}

const propName = (p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined);
const propsOf = (obj) => new Map(obj.properties.filter((p) => propName(p) !== undefined).map((p) => [propName(p), p]));

/** The tools one file defines: for each, its mapping lines and its error-wording lines. */
function toolsIn(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const tools = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineTool') {
      const obj = node.arguments[0];
      if (obj && ts.isObjectLiteralExpression(obj)) {
        const p = propsOf(obj);
        tools.push({
          file,
          line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
          form: 'table',
          mapping: bodyLines(sf, text, p.get('call')) + bodyLines(sf, text, p.get('format')),
          words: bodyLines(sf, text, p.get('errors')),
        });
        return; // a table's own object literal is not an old-form tool
      }
    }
    if (ts.isObjectLiteralExpression(node)) {
      const p = propsOf(node);
      // The old form: a ToolDefinition literal, or one handed to a shape's own wrapper (Claude's `run` and `word`).
      const body = p.get('handler') ?? p.get('run');
      const name = p.get('name');
      // A name written out (not defineTool's own `name: table.name`, which is the framework).
      const named =
        name &&
        ts.isPropertyAssignment(name) &&
        (ts.isStringLiteralLike(name.initializer) || ts.isIdentifier(name.initializer));
      if (named && p.has('inputSchema') && body) {
        tools.push({
          file,
          line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
          form: 'handler',
          mapping: bodyLines(sf, text, body),
          words: bodyLines(sf, text, p.get('formatError') ?? p.get('word')),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  // A file with one tool: its own top-level functions are that tool's mapping too, so moving code
  // out of the table into a helper beside it does not make the table look smaller than it is.
  if (tools.length === 1) {
    let local = 0;
    for (const st of sf.statements) {
      if (ts.isFunctionDeclaration(st)) local += bodyLines(sf, text, st);
      else if (ts.isVariableStatement(st))
        for (const d of st.declarationList.declarations)
          if (d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
            local += bodyLines(sf, text, d.initializer);
    }
    tools[0].local = local;
  }
  return tools;
}

const shapeFiles = sources('src/shapes');
const engineFiles = sources('src/engine');
const byShape = new Map();
for (const f of shapeFiles) {
  const rel = f.file.slice('src/shapes/'.length);
  const shape = rel.includes('/') ? rel.split('/')[0] : '(top level)';
  if (!byShape.has(shape)) byShape.set(shape, { files: 0, lines: 0, tools: [] });
  const s = byShape.get(shape);
  s.files++;
  s.lines += lineCount(f.text);
  s.tools.push(...toolsIn(f.file, f.text));
}

const per = (n, d) => (d === 0 ? '-' : (n / d).toFixed(1));
const rows = [['shape', 'files', 'lines', 'tools', 'tables', 'mapping/tool', '+local/tool', 'words/tool']];
const all = { files: 0, lines: 0, tools: [] };
for (const [shape, s] of [...byShape].sort(([a], [b]) => a.localeCompare(b))) {
  const mapping = s.tools.reduce((n, t) => n + t.mapping, 0);
  const words = s.tools.reduce((n, t) => n + t.words, 0);
  const local = s.tools.reduce((n, t) => n + t.mapping + (t.local ?? 0), 0);
  const tables = s.tools.filter((t) => t.form === 'table').length;
  rows.push([
    shape,
    s.files,
    s.lines,
    s.tools.length,
    tables,
    per(mapping, s.tools.length),
    per(local, s.tools.length),
    per(words, s.tools.length),
  ]);
  all.files += s.files;
  all.lines += s.lines;
  all.tools.push(...s.tools);
}
const allMapping = all.tools.reduce((n, t) => n + t.mapping, 0);
const allWords = all.tools.reduce((n, t) => n + t.words, 0);
rows.push([
  'all shapes',
  all.files,
  all.lines,
  all.tools.length,
  all.tools.filter((t) => t.form === 'table').length,
  per(allMapping, all.tools.length),
  per(
    all.tools.reduce((n, t) => n + t.mapping + (t.local ?? 0), 0),
    all.tools.length,
  ),
  per(allWords, all.tools.length),
]);
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
for (const r of rows)
  console.log(r.map((v, i) => (i === 0 ? String(v).padEnd(widths[i]) : String(v).padStart(widths[i]))).join('  '));

const engineLines = engineFiles.reduce((n, f) => n + lineCount(f.text), 0);
console.log('');
console.log(`src/shapes: ${all.lines} lines in ${all.files} files`);
console.log(`src/engine: ${engineLines} lines in ${engineFiles.length} files`);
console.log(`shapes / engine: ${(all.lines / engineLines).toFixed(2)} (target: at most 0.50)`);

if (listTools) {
  console.log('');
  for (const t of [...all.tools].sort((a, b) => b.mapping + (b.local ?? 0) - a.mapping - (a.local ?? 0)))
    console.log(
      `${String(t.mapping).padStart(4)} ${String(t.local ?? 0).padStart(4)} ${String(t.words).padStart(3)}  ${t.file}:${t.line}`,
    );
}
