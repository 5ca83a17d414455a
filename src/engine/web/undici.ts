// undici, loaded with the first web call (lazy-module.ts says why): the one handle the fetch
// guard, page fetches and search providers share.
import { lazyModule } from '../lazy-module.js';

export const undici = lazyModule<typeof import('undici')>('undici');
