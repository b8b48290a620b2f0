export const NGINX: string;
export function ensureNginx(): boolean;

/** The site's answer to a client accepting gzip: its bytes, the HTML they hold, and its header list (name, value…). */
export interface CapturedPage {
  gzip: Buffer;
  html: Buffer;
  headers: string[];
}
export function capturePage(base: string, path: string): Promise<CapturedPage>;
export function writeSiteFiles(dir: string, pages: Record<string, CapturedPage>): void;

/** A server the site is measured against: `name` heads its columns, `kind` describes it in full. */
export interface Baseline {
  name: string;
  kind: string;
  base: string;
  stop: () => Promise<void>;
}
export function startNginxBaseline(dir: string, pages: Record<string, CapturedPage>, port: number): Promise<Baseline | null>;
export function startNodeBaseline(dir: string, paths: string[], port: number): Promise<Baseline>;
