// Kimi CLI's ReadMediaFile tests (tests/tools/test_read_media_file.py and
// tests/tools/test_read_media_file_desc.py), replayed through the kimi shape's ReadMediaFile.
// The guidance after a load gives Kimi's facts in Facet's words.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayCase, ReplaySuite } from './ledger.js';
import { replayServer } from './env.js';
import { kimiResult, type KimiResult } from './kimi-harness.js';
import { PNG_3X2 } from '../helpers/png.js';

const server = replayServer('kimi@1.49');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('pngdata')]);
const MP4 = Buffer.from('\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom', 'latin1');
const GUIDANCE =
  'To give coordinates, state them relative to the image first and work out absolute ones from its original size; when commands or scripts create or change images or videos, load the result again before going on.';

let n = 0;
async function media(file: string, data: Buffer | string) {
  const e = await server.get();
  const d = path.join(e.root, `media-${++n}`);
  mkdirSync(d);
  const p = path.join(d, file);
  writeFileSync(p, data);
  return { p, r: kimiResult(await e.call('ReadMediaFile', { path: p })) };
}

function loaded(
  name: string,
  file: string,
  data: Buffer,
  kind: 'image' | 'video',
  mediaType: string,
  dims = '',
): ReplayCase {
  return {
    name,
    verdict: 'matched',
    async run() {
      const { p, r }: { p: string; r: KimiResult } = await media(file, data);
      assert.equal(r.isError, false, r.message);
      assert.deepEqual(r.parts.slice(1), [`<${kind} path="${p}">`, `</${kind}>`]);
      assert.deepEqual(r.blobs, [{ mediaType, data }]);
      assert.equal(r.message, `Loaded ${kind} file \`${p}\` (${mediaType}, ${data.length} bytes${dims}). ${GUIDANCE}`);
    },
  };
}

const DESCRIPTION =
  "pins Kimi's tool description as it changes with the model's image and video capabilities; Facet's description is its own and the host decides what its model can take";

export const kimiReadMediaFile: ReplaySuite = {
  vendor: 'kimi',
  shape: 'kimi@1.49',
  tool: 'ReadMediaFile',
  source: 'MoonshotAI/kimi-cli tests/tools/test_read_media_file.py @4a550eff',
  cases: [
    loaded('test_read_image_file', 'sample.png', PNG, 'image', 'image/png'),
    loaded('test_read_extensionless_image_file', 'sample', PNG, 'image', 'image/png'),
    // Kimi draws a 3x4 PNG with PIL; the fixture here is a real 3x2 PNG: the same fact, its pixel size.
    loaded('test_read_image_file_with_size', 'valid.png', PNG_3X2, 'image', 'image/png', ', original size 3x2 pixels'),
    loaded('test_read_video_file', 'sample.mp4', MP4, 'video', 'video/mp4'),
    {
      name: 'test_read_text_file',
      verdict: 'matched',
      async run() {
        const { r } = await media('sample.txt', 'hello');
        assert.equal(r.isError, true);
        assert.ok(r.message.includes('ReadFile'), r.message);
      },
    },
    {
      name: 'test_read_video_file_without_capability',
      verdict: 'not-applicable',
      reason:
        'configures a model without video input; Facet serves the file and the host decides what its model can take',
    },
  ],
};

export const kimiReadMediaFileDesc: ReplaySuite = {
  vendor: 'kimi',
  shape: 'kimi@1.49',
  tool: 'ReadMediaFile',
  source: 'MoonshotAI/kimi-cli tests/tools/test_read_media_file_desc.py @4a550eff',
  cases: [
    ...['image_in,video_in', 'image_in', 'video_in'].map((caps): ReplayCase => ({
      name: `test_read_media_file_description_by_capabilities[${caps}]`,
      verdict: 'not-applicable',
      reason: DESCRIPTION,
    })),
    {
      name: 'test_read_media_file_description_without_capabilities',
      verdict: 'not-applicable',
      reason: "Kimi drops the tool for a model that takes no media; which tools a model gets is the host's choice",
    },
  ],
};
