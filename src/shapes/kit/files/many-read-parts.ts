// A many-file read for a model sorted into what a tool shows of it: the files skipped, the
// files shown (text and attached alike; a text file with its raw window, marked as `raw` asks),
// the data to attach, and the audio and video types among them (Gemini CLI leads its answer
// with a line naming those), and what a host shows of the read.
import type { ModelManyEntry, ModelManyResult } from '../../../engine/index.js';
import { rawWindow, type RawWindow, type RawWindowOptions } from './raw-window.js';

type Skipped = Extract<ModelManyEntry, { kind: 'skipped' }>;
type Shown = Exclude<ModelManyEntry, Skipped> & { window?: RawWindow };

export function manyReadParts(r: ModelManyResult, raw: RawWindowOptions) {
  const skipped = r.files.flatMap((f) => (f.kind === 'skipped' ? [f] : []));
  const shown = r.files.flatMap((f): Shown[] =>
    f.kind === 'skipped' ? [] : [f.kind === 'text' ? { ...f, window: rawWindow(f, raw) } : f],
  );
  const attached = shown.flatMap((f) => (f.kind === 'attached' ? [f] : []));
  const avTypes = new Set(attached.flatMap((f) => (f.media === 'audio' || f.media === 'video' ? [f.mediaType] : [])));
  const blobs = attached.map((f) => ({ mediaType: f.mediaType, data: f.data }));
  const paths = shown.map((f) => f.path);
  const facts = {
    summary: `Read ${paths.length} file(s)`,
    paths,
    counts: { files: paths.length, matched: r.matched, omitted: r.omitted },
  };
  return { skipped, shown, avTypes: [...avTypes], blobs, paths, facts };
}
