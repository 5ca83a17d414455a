// An engine failure as a value, for a tool that answers some failures in its text instead of
// failing the call (Qwen Code's lsp words a language server's failure as a plain answer).
import { EngineError } from '../../../engine/index.js';

/**
 * What `p` resolves to, or the engine failure it rejects with; a bug (an internal failure, or any other error) is still
 * thrown.
 */
export async function failureOr<T>(p: Promise<T>): Promise<T | EngineError> {
  try {
    return await p;
  } catch (err) {
    if (!(err instanceof EngineError) || err.kind === 'internal') throw err;
    return err;
  }
}
