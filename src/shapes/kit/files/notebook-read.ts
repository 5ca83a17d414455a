// What a notebook read shows besides its text: the output images of its cells, attached in
// order, and the host's count of cells.
import type { HostContent } from '../../../engine/index.js';
import { outputImages } from './notebook-images.js';
import type { NotebookView } from '../../../engine/index.js';

/** The output images of `nb` as blobs, and its host block for the file `shown` (as the caller named it) at `path`. */
export function notebookParts(
  nb: NotebookView,
  shown: string,
  path: string,
): { blobs: Array<{ mediaType: string; data: Buffer }>; host: HostContent } {
  const n = nb.cells.length;
  return {
    blobs: nb.cells.flatMap(outputImages),
    host: { summary: `Read ${n} cells of ${shown}`, paths: [path], counts: { cells: n } },
  };
}
