/** Messages between the server and the embedded database's thread (pgliteWorker.mjs). */
export interface WorkerRequest {
  id: number;
  op: 'query' | 'exec' | 'begin' | 'end' | 'listen' | 'close';
  /** The transaction a statement belongs to (or that 'end' finishes); none for a statement of its own. */
  txId?: number;
  sql?: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  /** Keep timestamps, dates and intervals as PostgreSQL's text, as Drizzle's parsers would. */
  textTemporal?: boolean;
  commit?: boolean;
  channel?: string;
}

export interface SerializedError {
  message: string;
  [field: string]: unknown;
}

export type WorkerReply =
  | { id: number; result: unknown; error?: undefined }
  | { id: number; error: SerializedError; result?: undefined }
  | { ready: boolean; error?: SerializedError }
  | { notify: { channel: string; payload: string } };
