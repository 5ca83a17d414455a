// Schema atoms Codex's parameter declarations repeat (declared `as const` so ArgsOf types them).
export const STRING = { type: 'string' } as const;
export const NUMBER = { type: 'number' } as const;
export const BOOLEAN = { type: 'boolean' } as const;
export const STRINGS = { type: 'array', items: STRING } as const;
