import { grepSuite } from './grep-suite.js';

grepSuite('fallback');
