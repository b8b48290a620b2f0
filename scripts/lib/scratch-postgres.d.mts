export function scratchPostgres(prefix: string): Promise<{ url: string; drop: () => Promise<void> } | null>;
