// Moved to the engine (src/engine/shell/run-failure.ts); kept for the shapes that import it from here.
export { cancelledRun, orError, processError, runFailure } from '../../engine/index.js';
