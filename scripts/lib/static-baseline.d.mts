export const NGINX: string;
export function ensureNginx(): boolean;
export function writeSiteFiles(dir: string, files: Record<string, string>): void;

/** A server the site is measured against: `name` heads its columns, `kind` describes it in full. */
export interface Baseline {
  name: string;
  kind: string;
  base: string;
  stop: () => Promise<void>;
}
export function startNginxBaseline(dir: string, port: number): Promise<Baseline | null>;
export function startNodeBaseline(dir: string, paths: string[], port: number): Promise<Baseline>;
