export const HEADER: string;
export function lighthouseRow(base: string, path: string, headers?: Record<string, string>): void;
