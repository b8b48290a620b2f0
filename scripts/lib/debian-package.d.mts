export function ensureDebianPackage(name: string, binary: string): boolean;
