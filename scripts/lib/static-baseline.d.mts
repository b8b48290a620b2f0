export const NGINX: string;
export function ensureNginx(): boolean;
export function writeSiteFiles(dir: string, files: Record<string, string>): void;
export function startStaticBaseline(dir: string, port: number): Promise<{ kind: string; base: string; stop: () => Promise<void> }>;
