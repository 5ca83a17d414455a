// The folder tree Gemini CLI shows a model for a directory (activate_skill's available
// resources): breadth first, files before folders in each directory, at most 200 items, the
// usual build and VCS folders shown but not entered ("name/..."), drawn with box characters.
// The entries come from the engine (engine.skills.files); this is only the vendor's layout.

export const TREE_MAX_ITEMS = 200;
export const TREE_IGNORED: ReadonlySet<string> = new Set(['node_modules', '.git', 'dist', '__pycache__']);
const MORE = '...';

interface Node {
  name: string;
  files: string[];
  subFolders: Node[];
  ignored?: boolean;
  moreFiles?: boolean;
  moreFolders?: boolean;
}

/** The tree of `entries` ('/'-separated paths under the directory, breadth first), counted as the vendor counts. */
function build(entries: ReadonlyArray<{ path: string; dir: boolean }>, max: number): Node {
  const byDir = new Map<string, Array<{ name: string; dir: boolean }>>();
  for (const e of entries) {
    const cut = e.path.lastIndexOf('/');
    const parent = cut < 0 ? '' : e.path.slice(0, cut);
    if (!byDir.has(parent)) byDir.set(parent, []);
    byDir.get(parent)!.push({ name: e.path.slice(cut + 1), dir: e.dir });
  }
  const root: Node = { name: '', files: [], subFolders: [] };
  const queue: Array<{ node: Node; rel: string }> = [{ node: root, rel: '' }];
  let count = 0;
  while (queue.length > 0) {
    const { node, rel } = queue.shift()!;
    if (count >= max) continue;
    const here = byDir.get(rel) ?? [];
    for (const e of here.filter((x) => !x.dir)) {
      if (count >= max) {
        node.moreFiles = true;
        break;
      }
      node.files.push(e.name);
      count++;
    }
    for (const e of here.filter((x) => x.dir)) {
      if (count >= max) {
        node.moreFolders = true;
        break;
      }
      const sub: Node = {
        name: e.name,
        files: [],
        subFolders: [],
        ...(TREE_IGNORED.has(e.name) ? { ignored: true } : {}),
      };
      node.subFolders.push(sub);
      count++;
      if (!sub.ignored) queue.push({ node: sub, rel: rel === '' ? e.name : `${rel}/${e.name}` });
    }
  }
  return root;
}

function draw(node: Node, indent: string, last: boolean, isRoot: boolean, out: string[]): void {
  const branch = (end: boolean) => (end ? '\u2514\u2500\u2500\u2500' : '\u251c\u2500\u2500\u2500');
  if (!isRoot || node.ignored) out.push(`${indent}${branch(last)}${node.name}/${node.ignored ? MORE : ''}`);
  const inner = isRoot ? '' : indent + (last ? '    ' : '\u2502   ');
  const noFolders = node.subFolders.length === 0 && !node.moreFolders;
  node.files.forEach((f, i) => out.push(`${inner}${branch(i === node.files.length - 1 && noFolders)}${f}`));
  if (node.moreFiles) out.push(`${inner}${branch(noFolders)}${MORE}`);
  node.subFolders.forEach((s, i) => draw(s, inner, i === node.subFolders.length - 1 && !node.moreFolders, false, out));
  if (node.moreFolders) out.push(`${inner}\u2514\u2500\u2500\u2500${MORE}`);
}

const truncated = (n: Node): boolean => !!(n.moreFiles || n.moreFolders || n.ignored) || n.subFolders.some(truncated);

/** "Showing up to 200 items (files + folders)." [truncation note], a blank line, "<dir>/", then the tree. */
export function folderStructure(dir: string, entries: ReadonlyArray<{ path: string; dir: boolean }>): string {
  const root = build(entries, TREE_MAX_ITEMS);
  const lines: string[] = [];
  draw(root, '', true, true, lines);
  let summary = `Showing up to ${TREE_MAX_ITEMS} items (files + folders).`;
  if (truncated(root))
    summary += ` Folders or files indicated with ${MORE} contain more items not shown, were ignored, or the display limit (${TREE_MAX_ITEMS} items) was reached.`;
  return `${summary}\n\n${dir}/\n${lines.join('\n')}`;
}
