// Qwen Code's own test cases for the tools Facet serves, replayed against a real server.
import { after } from 'node:test';
import { closeReplayServers } from './env.js';
import { replay } from './ledger.js';
import { qwenEdit } from './qwen-edit.cases.js';
import { qwenGlob } from './qwen-glob.cases.js';
import { qwenGrep } from './qwen-grep.cases.js';
import { qwenListDirectory } from './qwen-ls.cases.js';
import { qwenReadFile } from './qwen-read-file.cases.js';
import { qwenRipGrep } from './qwen-ripgrep.cases.js';
import { qwenTaskStop } from './qwen-task-stop.cases.js';
import { qwenTodoWrite } from './qwen-todo-write.cases.js';
import { qwenWriteFile } from './qwen-write-file.cases.js';

after(closeReplayServers);
for (const suite of [
  qwenReadFile,
  qwenGlob,
  qwenListDirectory,
  qwenWriteFile,
  qwenEdit,
  qwenRipGrep,
  qwenGrep,
  qwenTodoWrite,
  qwenTaskStop,
])
  replay(suite);
