// The flags of a test server with real language servers: code intelligence on, and bounds wide
// enough that a cold start on a loaded 2-core machine still answers (the tests are bounded
// themselves): a warm edit waits for its diagnostics however long the edit itself took.
export const lspArgs = (root: string): string[] => [
  '--root',
  root,
  '--lsp',
  'on',
  '--lsp-diagnostics-ms',
  '120000',
  '--lsp-diagnostics-ratio',
  '1000000',
  '--lsp-start-timeout-ms',
  '120000',
  '--lsp-request-timeout-ms',
  '60000',
];
