// The first code of a script's child process: it runs with no file system, child process or
// worker access (Node's permission model) and no code generation from strings, so the script's
// realm (a fresh vm context) reaches nothing but what the prelude gives it. Sent as source text
// (`node -e`), so it must not use anything outside its own body: not even `require`, which the
// bundler renames (process.getBuiltinModule is a property read, left as written).

/** The child's whole program; runner.ts sends `(${childMain})()` as the `-e` source. */
export function childMain(): void {
  const vm = process.getBuiltinModule('node:vm');
  const send = (msg: unknown, then?: () => void) => {
    if (process.connected) process.send!(msg, undefined, undefined, then ? () => then() : undefined);
  };
  // The server went away: nothing may run on without it.
  process.on('disconnect', () => process.exit(1));
  const pending = new Map<number, { resolve: (v: string) => void; reject: (v: string) => void }>();
  const timers = new Map<number, NodeJS.Timeout>();
  let nextCall = 0;
  let nextTimer = 0;
  let started = false;

  interface Start {
    t: 'start';
    prelude: string;
    source: string;
    filename: string;
    input: string;
    messageChars: number;
  }

  function start(m: Start): void {
    started = true;
    const context = vm.createContext(Object.create(null) as object, {
      codeGeneration: { strings: false, wasm: false },
    });
    // V8 gives every context a console that writes nowhere the server reads: the script has none.
    vm.runInContext('delete globalThis.console', context);
    // What the prelude gets, and only it: strings in, strings out (parsed in the script's realm).
    const host = Object.freeze({
      input: m.input,
      call: (name: string, args: string) =>
        new Promise<string>((resolve, reject) => {
          const id = ++nextCall;
          pending.set(id, { resolve, reject });
          send({ t: 'call', id, name: String(name), args: String(args) });
        }),
      post: (data: string) => {
        const text = String(data);
        if (text.length > m.messageChars)
          throw new RangeError(`output of ${text.length} characters is over the limit of ${m.messageChars}`);
        send({ t: 'post', data: text });
      },
      setTimeout: (fn: () => void, ms: number) => {
        const id = ++nextTimer;
        timers.set(
          id,
          setTimeout(
            () => {
              timers.delete(id);
              fn();
            },
            Math.max(0, Number(ms) || 0),
          ),
        );
        return id;
      },
      clearTimeout: (id: number) => {
        clearTimeout(timers.get(id));
        timers.delete(id);
      },
      // The script as an async function: line N of the source is line N in its stack frames.
      compile: () =>
        vm.runInContext(`(async () => {\n${m.source}\n})`, context, {
          filename: m.filename,
          lineOffset: -1,
        }) as () => Promise<unknown>,
    });
    const finish = () => send({ t: 'end' }, () => process.exit(0));
    try {
      const run = vm.runInContext(m.prelude, context, { filename: 'prelude.js' }) as (h: typeof host) => unknown;
      Promise.resolve(run(host)).then(finish, finish);
    } catch {
      finish();
    }
  }

  process.on('message', (m: { t: string; id?: number; ok?: boolean; value?: string }) => {
    if (m.t === 'start' && !started) start(m as unknown as Start);
    else if (m.t === 'reply') {
      const p = pending.get(m.id!);
      pending.delete(m.id!);
      if (p) (m.ok ? p.resolve : p.reject)(String(m.value));
    }
  });
}
