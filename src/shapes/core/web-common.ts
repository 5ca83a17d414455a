// What the core web tools share: schema fragments and error-mode prose.
export const DEFAULT_MAX_CHARS = 100_000;

export const urlProp = {
  type: 'string',
  minLength: 1,
  maxLength: 8192,
  description: 'An http:// or https:// URL.',
} as const;
export const timeoutProp = {
  type: 'integer',
  minimum: 100,
  maximum: 120_000,
  description: 'Give up after this many milliseconds (default 30000).',
} as const;
export const maxBytesProp = {
  type: 'integer',
  minimum: 1024,
  maximum: 50 * 1024 * 1024,
  description: 'Read at most this many bytes of the body (default 10 MiB); the rest is not downloaded.',
} as const;

export const FETCH_MODES = [
  'INVALID_ARGUMENT: not an http(s) URL, or credentials in it.',
  [
    'SECURITY_POLICY_FAILED: the URL (or a redirect, or what its name resolves to) points at a loopback, private, link-local or',
    'cloud-metadata address; such addresses are never fetched unless the server operator allowed them. Do not retry with another',
    'spelling of the same address.',
  ].join(' '),
  'NOT_FOUND / PERMISSION_DENIED / DEPENDENCY_UNAVAILABLE / RATE_LIMITED: the site answered 404-410 / 401-403 / 5xx / 429',
  '(facts.status).',
  'RATE_LIMITED: too many requests to one host in a minute from this server; retry after retry_after.',
  'TIMEOUT: the site did not answer within timeout_ms. NETWORK_FAILED: the host does not resolve, refused the connection,',
  'failed the TLS handshake (also after upgrade_http), answered another 4xx status, or redirected more than 10 times.',
  'UNSUPPORTED_OPERATION: the body is binary (PDF, archive...) and not an image, or in an unknown content encoding.',
  'RESOURCE_EXHAUSTED: an image above max_bytes.',
].join('\n');
