export const CHROMIUM_FLAGS: string[];
export function findChromium(): string | null;
