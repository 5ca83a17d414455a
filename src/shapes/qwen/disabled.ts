// todo_write and list_directory as Qwen Code 0.24.4 answers them by default: both are off
// (tools.todoWrite.enabled, tools.listDirectory.enabled) and a call answers that in a fixed
// text. Facet keeps them out of the catalog but answers the name, since a model trained on an
// earlier release may still call it; any arguments get the same answer.
import { EngineError } from '../../engine/index.js';
import { defineTool, type ToolMaker } from '../common/define.js';
import { TAGS } from '../tags.js';

const OFF = 'is a built-in tool that is disabled by default';

export const DISABLED_TEXT: Readonly<Record<string, string>> = {
  todo_write: `Tool "todo_write" ${OFF}. Enable it with the tools.todoWrite.enabled setting and restart Qwen Code.`,
  list_directory: `Tool "list_directory" ${OFF} because glob covers directory listing in most cases. Enable it with the tools.listDirectory.enabled setting. Use glob instead.`,
};

const disabled = (name: string, text: string): ToolMaker<Record<string, unknown>> =>
  defineTool<Record<string, unknown>>({
    name,
    summary: `Off by default in Qwen Code 0.24.4: answers that it is disabled.`,
    description: `Not offered to the model: ${text}`,
    schema: { type: 'object' },
    tags: [TAGS.readOnly],
    idempotency: 'idempotent',
    errorModes: `Always fails (UNSUPPORTED_OPERATION) with: ${text}`,
    call() {
      throw new EngineError('unsupported', text, { facts: { tool: name } });
    },
    errors: () => text,
  });

export const todoWriteOff = disabled('todo_write', DISABLED_TEXT.todo_write!);
export const listDirectoryOff = disabled('list_directory', DISABLED_TEXT.list_directory!);
