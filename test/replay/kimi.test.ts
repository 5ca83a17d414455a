// Kimi CLI's own test cases for the tools Facet serves, replayed against a real server.
import { after } from 'node:test';
import { closeReplayServers } from './env.js';
import { replay } from './ledger.js';
import { kimiStrReplaceFile, kimiWriteFile } from './kimi-edit.cases.js';
import { kimiGlob } from './kimi-glob.cases.js';
import { kimiGrep } from './kimi-grep.cases.js';
import { kimiReadMediaFile, kimiReadMediaFileDesc } from './kimi-media.cases.js';
import { kimiShell } from './kimi-shell.cases.js';
import { kimiReadFile } from './kimi-read-file.cases.js';

after(closeReplayServers);
for (const suite of [
  kimiReadFile,
  kimiGrep,
  kimiStrReplaceFile,
  kimiWriteFile,
  kimiGlob,
  kimiReadMediaFile,
  kimiReadMediaFileDesc,
  kimiShell,
])
  replay(suite);
