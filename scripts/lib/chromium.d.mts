export const CHROMIUM_FLAGS: string[];
export const HEADLESS_SHELL: string;
export function findChromium(): string | null;
