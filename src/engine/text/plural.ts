/** "1 page", "3 pages": a count and its word, with an s unless the count is 1. */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
