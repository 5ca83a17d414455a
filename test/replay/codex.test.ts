// Codex's own test cases for the tools Facet serves, replayed against a real server.
import { after } from 'node:test';
import { closeReplayServers } from './env.js';
import { replay } from './ledger.js';
import { codexApplyPatchScenarios, codexApplyPatchScenarios171 } from './codex-apply-patch-scenarios.cases.js';
import { codexApplyPatchCli, codexApplyPatchFsSandbox, codexApplyPatchTool } from './codex-apply-patch-tool.cases.js';

after(closeReplayServers);
for (const suite of [
  codexApplyPatchScenarios,
  codexApplyPatchScenarios171,
  codexApplyPatchTool,
  codexApplyPatchCli,
  codexApplyPatchFsSandbox,
])
  replay(suite);
