// A notebook cell's output images as bytes with their media type, in order (the images a
// tool attaches beside the cell's text).
import type { NotebookCell } from '../../../engine/index.js';

export const outputImages = (cell: NotebookCell): Array<{ mediaType: string; data: Buffer }> =>
  cell.outputs.flatMap((o) =>
    o.image ? [{ mediaType: o.image.mediaType, data: Buffer.from(o.image.data, 'base64') }] : [],
  );
