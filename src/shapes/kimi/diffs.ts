// The kimi shape's older release: the Python kimi-cli 1.49, a whole other tool set. Kimi Code
// 2.1.0's tools all go; kimi-cli's come back in its own order (v1/, the files served before).
import type { ReleaseDiffs } from '../release-diff.js';
import { addReleaseDiffs } from '../versions.js';
import { KIMI_149_DESCRIPTION, kimi149Guide, kimi149Tools } from './v1/release.js';

/** Every tool Kimi Code 2.1.0 serves by default (WebSearch only with a search provider, NotifyUser on request). */
const KIMI_CODE_TOOLS = [
  'AskUserQuestion',
  'Bash',
  'CreateGoal',
  'Edit',
  'EnterPlanMode',
  'ExitPlanMode',
  'FetchURL',
  'GetGoal',
  'Glob',
  'Grep',
  'Read',
  'ReadMediaFile',
  'SetGoalBudget',
  'Skill',
  'TaskList',
  'TaskOutput',
  'TaskStop',
  'TodoList',
  'UpdateGoal',
  'WaitFor',
  'Write',
];

export const kimiDiffs: ReleaseDiffs = {
  '1.49': {
    removed: (env) => [
      ...KIMI_CODE_TOOLS,
      ...(env.engine.web.providers.some((p) => p.isAvailable()) ? ['WebSearch'] : []),
      ...(env.config.kimi?.notifyUser ? ['NotifyUser'] : []),
    ],
    added: [{ tools: kimi149Tools }],
    description: KIMI_149_DESCRIPTION,
    guide: kimi149Guide,
  },
};

// Known to versions.ts once this shape is loaded (its index.ts imports this file).
addReleaseDiffs('kimi', kimiDiffs);
