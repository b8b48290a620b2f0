export function serveBuild(port: number, env?: Record<string, string>): Promise<{ base: string; stop: () => Promise<void> }>;
