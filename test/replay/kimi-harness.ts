// Kimi CLI results as its own tests read them: `message` (the <system> part), `output` (the
// text after it) and whether it is an error; plus Facet's failure code.
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import type { CallToolResponse } from '../../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { texts } from '../helpers/server.js';

export interface KimiResult {
  isError: boolean;
  message: string;
  output: string;
  code: string;
  blobs: Array<{ mediaType: string; data: Buffer }>;
  parts: string[];
}

export function kimiResult(res: CallToolResponse): KimiResult {
  const parts = texts(res);
  const head = parts[0] ?? '';
  const m = /^<system>(ERROR: )?([\s\S]*)<\/system>$/.exec(head);
  const framedMessage = m !== null;
  return {
    isError: res.failure !== undefined,
    message: m ? m[2]! : '',
    output: framedMessage
      ? parts
          .slice(1)
          .filter((p) => !p.startsWith('<'))
          .join('')
      : head,
    code: res.failure ? FailureCode[res.failure.code]!.replace('FAILURE_CODE_', '') : '',
    blobs: res.content.flatMap((c) =>
      c.body?.$case === 'blob' ? [{ mediaType: c.body.value.mediaType, data: Buffer.from(c.body.value.data) }] : [],
    ),
    parts,
  };
}
