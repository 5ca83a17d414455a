// Fixture files for the core shape tests: a notebook with every kind of output, a tiny PNG,
// and helpers to read a response's items in order.
import type { CallToolResponse } from '../../../src/gen/codefly/services/toolbox/v0/toolbox.js';

import { PNG_3X2 as DOT_PNG } from '../../helpers/png.js';

export { DOT_PNG };

/** A notebook: a markdown cell, a code cell with stream, result and image outputs, an unrun code cell. */
export function notebookJson(): string {
  return JSON.stringify(
    {
      cells: [
        { id: 'md1', cell_type: 'markdown', metadata: {}, source: ['# Title\n', 'text'] },
        {
          id: 'c1',
          cell_type: 'code',
          metadata: {},
          source: ['print(1)\n', 'x'],
          execution_count: 2,
          outputs: [
            { output_type: 'stream', name: 'stdout', text: ['1\n'] },
            { output_type: 'execute_result', execution_count: 2, metadata: {}, data: { 'text/plain': ['42'] } },
            {
              output_type: 'display_data',
              metadata: {},
              data: { 'image/png': DOT_PNG.toString('base64'), 'text/plain': ['<Figure>'] },
            },
          ],
        },
        { id: 'c2', cell_type: 'code', metadata: {}, source: 'pass', execution_count: null, outputs: [] },
      ],
      metadata: { kernelspec: { language: 'python' }, language_info: { name: 'python' } },
      nbformat: 4,
      nbformat_minor: 5,
    },
    null,
    1,
  );
}

export type Item = { text: string } | { blob: string; data: Buffer } | { structured: Record<string, unknown> };

/** Every content item in order: text, blob (media type and bytes) or structured. */
export function items(res: CallToolResponse): Item[] {
  return res.content.map((c): Item => {
    const b = c.body!;
    if (b.$case === 'text') return { text: b.value };
    if (b.$case === 'blob') return { blob: b.value.mediaType, data: Buffer.from(b.value.data) };
    return { structured: b.value as Record<string, unknown> };
  });
}
