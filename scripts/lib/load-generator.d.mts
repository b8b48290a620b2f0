export interface LoadResult {
  /** Requests per second. */
  rps: number;
  /** 99th percentile latency, in ms. */
  p99: number;
  non2xx: number;
  errors: number;
}
export function loadGenerator(options: { connections: number; seconds: number; headers: Record<string, string> }): {
  name: string;
  load: (url: string) => Promise<LoadResult>;
};
