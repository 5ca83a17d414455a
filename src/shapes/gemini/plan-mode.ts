// Where Gemini's plans live in Facet: <primary root>/.gemini/plans/. Gemini CLI 0.61.0 keeps them
// in its project temp directory, outside the workspace; Facet keeps them inside its roots, the one
// folder write_file and replace may write in while plan mode is on (gemini-family/plan-mode.ts).
import path from 'node:path';
import type { Call } from '../common/define.js';

export const plansDir = (c: Call): string => path.join(c.scope.primary, '.gemini', 'plans');
