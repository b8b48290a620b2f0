/** `%` and `_` typed in a search box are literal characters in ILIKE, not wildcards. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
