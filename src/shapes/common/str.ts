// Moved to the engine (src/engine/text/str.ts); kept for the shapes that import it from here.
export { str } from '../../engine/index.js';
