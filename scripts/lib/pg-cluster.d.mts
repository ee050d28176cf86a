export interface Cluster {
  /** Admin URL: postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  dir: string;
  version: string;
  /** Stops the server (pg_ctl stop -m fast) and removes its directory; safe to call twice. */
  stop(): void;
}
export function findPgBinDir(): string | null;
export function freePort(): Promise<number>;
export function startCluster(opts?: { log?: (line: string) => void }): Promise<Cluster>;
