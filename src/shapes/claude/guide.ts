// The claude shape's tool guide (its own module: diffs.ts derives older releases' guides from it).

/** How the guide says to track work, by the todo tools the model has. */
const tracking = (list: ReadonlyArray<{ name: string }>) =>
  list.some((t) => t.name === 'TaskCreate')
    ? 'Track work of three or more steps with TaskCreate, TaskUpdate and TaskList; '
    : list.some((t) => t.name === 'TodoWrite')
      ? 'Track work of three or more steps with TodoWrite; '
      : '';

/** The tool guide of claude@2.1.332. */
export const claudeGuide = (roots: readonly string[], list: ReadonlyArray<{ name: string }>) =>
  [
    `You work in ${roots.join(', ')}. Give file paths as absolute paths; relative ones start from the working directory (first ${roots[0]}).`,
    'Find files with Glob (names) and Grep (contents) rather than find or grep in Bash.',
    'Read a file before you change it: Edit must match its exact text. Edit and Write also work on files not Read yet.',
    'Edit replaces one exact, unique piece of text (replace_all for every occurrence); Write creates or rewrites whole files.',
    'Run tests and builds with Bash (timeout in ms, at most 600000); long-running commands with run_in_background:',
    'Read the output file it names for their output, TaskStop to end them. Large outputs are saved to a file you can Read.',
    'Monitor watches a command and notifies you of each line it prints; notifications follow your later tool results.',
    'WebFetch returns a page as Markdown next to your prompt; WebSearch returns links to cite.',
    `${tracking(list)}NotebookEdit changes cells of .ipynb notebooks.`,
    'LSP answers definitions, references, hover, symbols and call hierarchies (1-based line and character).',
    'EnterWorktree works in an isolated git worktree, ExitWorktree leaves it; Skill runs a skill by name;',
    'ListMcpResourcesTool and ReadMcpResourceTool list and read the server resources.',
    'AskUserQuestion asks the person; EnterPlanMode plans without changing anything until ExitPlanMode is approved.',
    '',
    `Tools: ${list.map((t) => t.name).join(', ')}.`,
  ].join('\n');
