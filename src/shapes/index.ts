// Every shape this build serves, by name, loaded at once: for tests and tools that want them all
// synchronously. Commands load only what they serve through build.ts's loadShapes.
import { claudeShape } from './claude/index.js';
import { codexShape } from './codex/index.js';
import { coreShape } from './core/index.js';
import { qwenShape } from './qwen/index.js';
import { geminiShape } from './gemini/index.js';
import { grokShape } from './grok/index.js';
import { kimiShape } from './kimi/index.js';
import { anthropicShape } from './anthropic/index.js';
import { openaiShape } from './openai/index.js';
import { SHAPE_FACTORIES } from './build.js';

export * from './build.js';

Object.assign(SHAPE_FACTORIES, {
  core: coreShape,
  claude: claudeShape,
  codex: codexShape,
  gemini: geminiShape,
  qwen: qwenShape,
  kimi: kimiShape,
  grok: grokShape,
  anthropic: anthropicShape,
  openai: openaiShape,
});
