// Lines of a tool's answer, some of which may be absent (no output, no note): the empty ones
// are left out rather than leaving blank lines.

/** The parts that are not empty, one per line. */
export const presentLines = (...parts: string[]): string => parts.filter((p) => p !== '').join('\n');
