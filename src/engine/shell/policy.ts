// Command policy: allow and deny patterns and program routes, checked on every command a
// line would run (see words.ts), after looking through wrappers (env, command, sudo,
// bash -c '...', eval, xargs, find -exec, env -S, su -c, trap ...) and path prefixes
// (/usr/bin/git is git).
import path from 'node:path';
import { EngineError, engineFailure } from '../errors.js';
import { ShellSyntaxError, shellWords, splitCommands, type SimpleCommand, type Word } from './shell-words.js';

export interface PolicyRules {
  /** When non-empty, every command must match one of these. */
  allow: string[];
  deny: string[];
  /** program → the toolbox that owns it. */
  routes: Record<string, string>;
}

/** One command as policy sees it: program name (basename) and its arguments. */
export interface CheckedCommand {
  program: string;
  args: Word[];
  /** Source text, for messages. */
  text: string;
  /** The program name is only known at run time ($cmd, globs). */
  dynamic: boolean;
  /** A wrapper (env, command, bash -c, eval ...) whose operand was found and is checked instead under an allow list. */
  transparent: boolean;
}

interface Rule {
  source: string;
  words: string[];
  regexes: RegExp[];
}

// Wrappers that run their operand as a command: options taking a value are listed so the
// operand is found. `transparent` wrappers need no allow rule of their own.
const WRAPPERS: Record<string, { valued: string[]; transparent: boolean; leadingNumbers?: boolean }> = {
  command: { valued: [], transparent: true },
  builtin: { valued: [], transparent: true },
  exec: { valued: ['-a'], transparent: true },
  nohup: { valued: [], transparent: true },
  nice: { valued: ['-n', '--adjustment'], transparent: true },
  time: { valued: ['-f', '--format', '-o', '--output'], transparent: true },
  stdbuf: { valued: ['-i', '-o', '-e'], transparent: true },
  setsid: { valued: [], transparent: true },
  timeout: { valued: ['-s', '--signal', '-k', '--kill-after'], transparent: true, leadingNumbers: true },
  env: { valued: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'], transparent: true },
  xargs: {
    valued: [
      '-I',
      '-i',
      '-n',
      '-P',
      '-L',
      '-l',
      '-d',
      '-s',
      '-a',
      '-E',
      '-e',
      '--max-args',
      '--max-procs',
      '--delimiter',
      '--arg-file',
    ],
    transparent: true,
  },
  sudo: {
    valued: ['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U', '-T', '--user', '--group'],
    transparent: false,
  },
  doas: { valued: ['-u', '-C'], transparent: false },
  chroot: { valued: [], transparent: false, leadingNumbers: false },
  watch: { valued: ['-n', '--interval', '-d'], transparent: true },
  strace: { valued: ['-e', '-o', '-p', '-s', '-u'], transparent: false },
  ionice: { valued: ['-c', '-n', '-p'], transparent: true },
  taskset: { valued: [], transparent: true, leadingNumbers: true },
  flock: { valued: ['-w', '--timeout', '-E'], transparent: true },
};
const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'busybox', 'fish']);
// Programs whose option value is a command line they have a shell run.
const LINE_OPTIONS: Record<string, { options: string[]; transparent: boolean }> = {
  su: { options: ['-c', '--command'], transparent: false },
  runuser: { options: ['-c', '--command'], transparent: false },
  script: { options: ['-c', '--command'], transparent: true },
};
const MAX_UNWRAP = 16;

export class ShellPolicy {
  private readonly allow: Rule[];
  private readonly deny: Rule[];

  constructor(readonly rules: PolicyRules) {
    this.allow = rules.allow.map(compileRule);
    this.deny = rules.deny.map(compileRule);
  }

  /** True when no rule is configured: every command may run. */
  get open(): boolean {
    return this.allow.length === 0 && this.deny.length === 0 && Object.keys(this.rules.routes).length === 0;
  }

  /** Throws EngineError security_policy (with routedTo for a route) when the line may not run. */
  check(command: string | readonly string[]): void {
    if (this.open) return;
    for (const c of commandsOf(command)) this.checkOne(c);
  }

  private checkOne(c: CheckedCommand): void {
    if (c.dynamic) {
      throw refusal(
        'the program name is computed at run time, so the command policy cannot check it',
        c,
        '<dynamic>',
        'dynamic',
      );
    }
    const route = this.rules.routes[c.program];
    if (route !== undefined) {
      throw engineFailure(
        'routed_elsewhere',
        `${c.program} commands are served by the ${route} toolbox, not by this shell`,
        { rule: `${c.program}=${route}`, list: 'route', program: c.program, command: c.text },
        { routedTo: route },
      );
    }
    const denied = this.deny.find((r) => matches(r, c, 'deny'));
    if (denied)
      throw refusal(`the command "${c.text}" is refused by the deny rule "${denied.source}"`, c, denied.source, 'deny');
    if (this.allow.length > 0 && !c.transparent) {
      if (!this.allow.some((r) => matches(r, c, 'allow'))) {
        throw refusal(
          `the command "${c.text}" matches no allow rule (allowed: ${this.rules.allow.join(', ')})`,
          c,
          '<allow>',
          'allow',
        );
      }
    }
  }
}

function refusal(message: string, c: CheckedCommand, rule: string, list: string): EngineError {
  return engineFailure('policy_denied', message, { rule, list, program: c.program, command: c.text });
}

/** Every command a line (or an argv) would run, wrappers and their operands alike. */
export function commandsOf(command: string | readonly string[]): CheckedCommand[] {
  let simple: SimpleCommand[];
  if (typeof command === 'string') {
    try {
      simple = splitCommands(command);
    } catch (err) {
      if (err instanceof ShellSyntaxError) {
        throw engineFailure(
          'unparsable_command',
          `the command cannot be parsed: ${err.message}`,
          { reason: err.message },
          { field: 'command' },
        );
      }
      throw err;
    }
  } else {
    simple = [
      {
        words: command.map((value) => ({ value, dynamic: false, quoted: true })),
        assignments: [],
        text: command.join(' '),
      },
    ];
  }
  const out: CheckedCommand[] = [];
  for (const s of simple) if (s.words.length > 0) unwrap(s.words, s.text, out, 0);
  return out;
}

function unwrap(words: Word[], text: string, out: CheckedCommand[], depth: number): void {
  if (depth > MAX_UNWRAP)
    throw engineFailure(
      'wrapped_too_deep',
      'the command wraps other commands too deeply to check',
      {},
      { field: 'command' },
    );
  const first = words[0]!;
  const program = programName(first.value);
  const args = words.slice(1);
  const wrapper = WRAPPERS[program];
  const isShell = SHELLS.has(program);
  const entry: CheckedCommand = { program, args, text, dynamic: first.dynamic, transparent: false };
  out.push(entry);
  if (first.dynamic) return;

  if (program === 'eval') {
    entry.transparent = true;
    if (args.length > 0) nestedLine(args, text, out, depth);
    return;
  }
  if (isShell) {
    // bash [-opts] -c 'line' [name args]: the line is checked like a top-level one.
    let k = 0;
    if (program === 'busybox' && args[0] && !args[0].value.startsWith('-')) {
      entry.transparent = true;
      unwrap(args, text, out, depth + 1);
      return;
    }
    while ((k < args.length && args[k]!.value.startsWith('-')) || (k < args.length && args[k]!.value.startsWith('+'))) {
      const a = args[k]!.value;
      if (/^-[A-Za-z]*c[A-Za-z]*$/.test(a) && !a.startsWith('--')) {
        const line = args[k + 1];
        if (!line) return;
        entry.transparent = true;
        nestedLine([line], text, out, depth);
        return;
      }
      if (a === '-o' || a === '+o' || a === '-O' || a === '+O') k++;
      k++;
    }
    return;
  }
  if (program === 'trap') {
    // trap 'line' SIGNAL...: the line runs when the signal (or EXIT) comes.
    if (args.length >= 2 && !args[0]!.value.startsWith('-')) {
      entry.transparent = true;
      nestedLine([args[0]!], text, out, depth);
    }
    return;
  }
  const lineOption = LINE_OPTIONS[program];
  if (lineOption) {
    for (let k = 0; k < args.length; k++) {
      const a = args[k]!;
      const glued = lineOption.options.find((o) => o.startsWith('--') && a.value.startsWith(`${o}=`));
      // -c also at the end of a cluster of short flags (script -qc 'line').
      const takesLine = lineOption.options.includes(a.value) || /^-[A-Za-z]*c$/.test(a.value);
      const line = glued ? { ...a, value: a.value.slice(glued.length + 1) } : takesLine ? args[k + 1] : undefined;
      if (!line) continue;
      entry.transparent = lineOption.transparent;
      nestedLine([line], text, out, depth);
      return;
    }
    return;
  }
  if (program === 'find') {
    // find ... -exec cmd args ; / -execdir / -ok
    for (let k = 0; k < args.length; k++) {
      if (['-exec', '-execdir', '-ok', '-okdir'].includes(args[k]!.value)) {
        let e = k + 1;
        while (e < args.length && args[e]!.value !== ';' && args[e]!.value !== '+') e++;
        const inner = args.slice(k + 1, e);
        if (inner.length > 0) unwrap(inner, text, out, depth + 1);
        k = e;
      }
    }
    return;
  }
  if (!wrapper) return;
  let k = 0;
  while (k < args.length) {
    const a = args[k]!;
    if (a.dynamic && a.value.startsWith('-')) return;
    if (
      program === 'env' &&
      (a.value === '-S' || a.value === '--split-string' || /^(-S|--split-string=)./.test(a.value))
    ) {
      // env -S 'prog args' [more args]: env splits the string into the command's words.
      const separate = a.value === '-S' || a.value === '--split-string';
      const line = separate ? args[k + 1] : { ...a, value: a.value.replace(/^(-S|--split-string=)/, '') };
      if (!line) return;
      entry.transparent = true;
      nestedLine([line, ...args.slice(separate ? k + 2 : k + 1)], text, out, depth);
      return;
    }
    if (program === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(a.value)) {
      k++;
      continue;
    }
    if (a.value === '--') {
      k++;
      break;
    }
    if (a.value.startsWith('-') && a.value.length > 1) {
      if (wrapper.valued.includes(a.value)) k++;
      // nice -5, timeout -k5: values glued to the option need nothing more.
      k++;
      continue;
    }
    if (wrapper.leadingNumbers && /^[0-9.,a-z-]+$/i.test(a.value) && /\d/.test(a.value) && k + 1 < args.length) {
      k++;
      continue;
    }
    if (program === 'chroot' && k === 0) {
      k++;
      continue;
    }
    break;
  }
  const inner = args.slice(k);
  if (inner.length === 0) return;
  entry.transparent = wrapper.transparent;
  unwrap(inner, text, out, depth + 1);
}

/** Checks words that a shell will parse again (eval, bash -c) as a line of their own. */
function nestedLine(words: Word[], text: string, out: CheckedCommand[], depth: number): void {
  if (words.some((w) => w.dynamic)) {
    out.push({ program: words[0]!.value, args: [], text, dynamic: true, transparent: false });
    return;
  }
  const line = words.map((w) => w.value).join(' ');
  let simple: SimpleCommand[];
  try {
    simple = splitCommands(line, depth + 1);
  } catch (err) {
    if (err instanceof ShellSyntaxError) {
      throw engineFailure(
        'unparsable_command',
        `a nested command cannot be parsed: ${err.message}`,
        { reason: err.message },
        { field: 'command' },
      );
    }
    throw err;
  }
  for (const s of simple) if (s.words.length > 0) unwrap(s.words, s.text, out, depth + 1);
}

/** The name a rule sees: the basename of a path (/usr/bin/git, ./git → git). */
export function programName(word: string): string {
  return word.includes('/') ? path.posix.basename(word) : word;
}

function compileRule(source: string): Rule {
  const words = shellWords(source);
  if (words.length === 0) throw new Error(`shell rule "${source}" is empty`);
  words[0] = programName(words[0]!);
  return { source, words, regexes: words.map(globToRegex) };
}

function globToRegex(g: string): RegExp {
  let re = '';
  for (const ch of g) {
    if (ch === '*') re += '.*';
    else if (ch === '?') re += '.';
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 's');
}

/**
 * A rule matches a command whose words begin with the rule's words (each a glob). A word
 * only known at run time matches for a deny rule and fails for an allow rule: both err safe.
 * A deny rule also looks past options written before the words it names, with their values
 * (`git -C dir push`, `docker --context prod rm`, `npm -g install`): which options take a
 * value is the program's business, so any word after an option may be one. Allow rules do
 * not: `git -c core.pager=… status` must not pass for "git status".
 */
function matches(rule: Rule, c: CheckedCommand, kind: 'allow' | 'deny'): boolean {
  if (!rule.regexes[0]!.test(c.program)) return false;
  if (matchesFrom(rule, c.args, 0, kind)) return true;
  if (kind === 'allow' || rule.words.length < 2) return false;
  for (let s = 1; s <= c.args.length; s++) {
    const w = c.args[s - 1]!;
    const prev = c.args[s - 2];
    const option = optionLike(w);
    const valueOfOption = prev !== undefined && optionLike(prev) && !prev.value.includes('=');
    if (!option && !valueOfOption) return false; // the options end here
    if (matchesFrom(rule, c.args, s, kind)) return true;
  }
  return false;
}

const optionLike = (w: Word): boolean =>
  w.dynamic || (w.value.length > 1 && (w.value.startsWith('-') || w.value.startsWith('+')));

function matchesFrom(rule: Rule, args: Word[], start: number, kind: 'allow' | 'deny'): boolean {
  for (let k = 1; k < rule.words.length; k++) {
    const w = args[start + k - 1];
    if (!w) return rule.words.slice(k).every((x) => x === '*');
    if (w.dynamic) {
      if (kind === 'deny') continue;
      return false;
    }
    if (!rule.regexes[k]!.test(w.value)) return false;
  }
  return true;
}
