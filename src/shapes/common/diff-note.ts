// Moved to the engine (src/engine/files/diff-note.ts); kept for the shapes that import it from here.
export { changedLinesOf, diffNote, diffOrNote } from '../../engine/index.js';
