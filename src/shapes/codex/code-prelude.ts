// The globals of a Codex code-mode script (exec), as JavaScript source the engine's script
// runner evaluates first in the script's realm. It evaluates to a function of the runner's host
// (input, call, post, setTimeout, clearTimeout, compile) that runs the script. Everything the
// script emits goes to the server as one JSON message per post; code-cells.ts reads them.
// The names and their behaviour are the facts of vendors/codex/0.171.0.json (exec); the code is Facet's.

/** The message kinds a script posts (code-cells.ts reads them). */
export type ScriptPost =
  | { k: 'text'; text: string }
  | { k: 'image'; url: string }
  | { k: 'notify'; text: string }
  | { k: 'store'; key: string; value: unknown }
  | { k: 'started' }
  | { k: 'yield' }
  | { k: 'exit' }
  | { k: 'error'; text: string };

/** What the prelude is handed: the nested tools, their metadata and the session's stored values. */
export interface PreludeInput {
  tools: Array<{ name: string; description: string }>;
  stored: Record<string, unknown>;
  filename: string;
  /** The script's number of lines. */
  lines: number;
}

export const CODE_PRELUDE = String.raw`(function (host) {
  'use strict';
  const input = JSON.parse(host.input);
  const send = (o) => host.post(JSON.stringify(o));
  const g = globalThis;
  const define = (name, value) =>
    Object.defineProperty(g, name, { value, writable: false, enumerable: false, configurable: false });
  const EXIT = Object.freeze({ exit: true });
  // Values crossing to the server are JSON; what comes back is parsed here, in the script's realm.
  const stringify = (value) => {
    if (typeof value === 'string') return value;
    const s = JSON.stringify(value);
    return s === undefined ? String(value) : s;
  };
  const callTool = (name) => (args) => {
    let sent;
    if (args === undefined) sent = '{}';
    else sent = JSON.stringify(args);
    if (sent === undefined) sent = 'null';
    return host.call(name, sent).then(
      (v) => JSON.parse(v),
      (e) => {
        throw JSON.parse(e);
      },
    );
  };
  const tools = Object.create(null);
  for (const t of input.tools) tools[t.name] = callTool(t.name);
  define('tools', Object.freeze(tools));
  define('ALL_TOOLS', Object.freeze(input.tools.map((t) => Object.freeze({ name: t.name, description: t.description }))));
  define('text', (value) => {
    send({ k: 'text', text: stringify(value) });
  });
  const imageUrl = (v) => {
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object') {
      if (typeof v.image_url === 'string') return v.image_url;
      if (v.type === 'image' && typeof v.data === 'string') return 'data:' + (v.mimeType || 'image/png') + ';base64,' + v.data;
    }
    throw new TypeError('image expects a data: URL string, an object with image_url, or an MCP ImageContent block');
  };
  const emitImage = (v) => {
    const url = imageUrl(v);
    if (/^https?:/i.test(url))
      throw 'Tool call failed: remote image URLs are not supported in tool outputs. Pass a base64 data URI instead';
    send({ k: 'image', url });
  };
  define('image', emitImage);
  define('generatedImage', (r) => {
    emitImage(r);
    if (r && typeof r.output_hint === 'string') send({ k: 'text', text: r.output_hint });
  });
  define('audio', () => {
    throw 'audio content is not supported by this server';
  });
  const stored = new Map(Object.entries(input.stored));
  define('store', (key, value) => {
    const json = JSON.stringify(value);
    const copy = json === undefined ? undefined : JSON.parse(json);
    stored.set(String(key), copy);
    send({ k: 'store', key: String(key), value: copy });
  });
  define('load', (key) => {
    if (!stored.has(String(key))) return undefined;
    const v = stored.get(String(key));
    return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
  });
  define('notify', (value) => {
    send({ k: 'notify', text: stringify(value) });
  });
  define('yield_control', () => {
    send({ k: 'yield' });
  });
  define('exit', () => {
    send({ k: 'exit' });
    throw EXIT;
  });
  define('setTimeout', (fn, ms) =>
    host.setTimeout(() => {
      try {
        if (typeof fn === 'function') fn();
      } catch (e) {
        if (e !== EXIT) send({ k: 'error', text: describe(e) });
      }
    }, ms),
  );
  define('clearTimeout', (id) => host.clearTimeout(id));
  // An error as the script's own frames show it: the message, and only the frames of its file.
  const describe = (e) => {
    if (e !== null && typeof e === 'object' && typeof e.stack === 'string') {
      const lines = String(e.stack).split('\n');
      const start = lines.findIndex((l) => /^(\w*Error|\w+): /.test(l));
      const body = start > 0 ? lines.slice(start) : lines;
      const kept = body.filter((l) => !/^\s+at /.test(l) || l.includes(input.filename));
      if (start > 0 && e.name === 'SyntaxError') {
        const where = /^(.*):(\d+)$/.exec(lines[0]);
        // Past the script's last line is the wrapper's end: the script ended too early.
        if (where && Number(where[2]) > input.lines)
          return 'SyntaxError: Unexpected end of input\n    at ' + where[1] + ':' + input.lines;
        if (where) kept.push('    at ' + where[1] + ':' + where[2]);
      }
      return kept.join('\n');
    }
    return stringify(e);
  };
  send({ k: 'started' });
  let main;
  try {
    main = host.compile();
  } catch (e) {
    send({ k: 'error', text: describe(e) });
    return undefined;
  }
  return main().then(
    () => undefined,
    (e) => {
      if (e !== EXIT) send({ k: 'error', text: describe(e) });
    },
  );
})`;
