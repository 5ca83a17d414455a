// Schema atoms Codex's parameter declarations repeat (declared `as const` so ArgsOf types them).
export const [S, N, B] = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] as const;
export const STRINGS = { type: 'array', items: S } as const;
