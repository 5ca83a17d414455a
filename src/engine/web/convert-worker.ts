// Worker thread body: converts one large HTML document off the main event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { htmlToMarkdown, htmlToPlainText } from './convert.js';

const { html, baseUrl, format } = workerData as { html: string; baseUrl: string; format: 'markdown' | 'text' };
parentPort!.postMessage(format === 'markdown' ? htmlToMarkdown(html, baseUrl) : htmlToPlainText(html));
