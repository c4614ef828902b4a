import { Worker } from 'node:worker_threads';
import type { SerializedError, WorkerReply, WorkerRequest } from './pgliteWorkerProtocol';
import { serverFile } from '../serverFiles';

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/** A PostgreSQL error as the driver raised it in the database's thread: message, code, detail, constraint … */
function reviveError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  Object.assign(error, serialized);
  return error;
}

/**
 * The statements of one transaction, or of none (txId undefined). It has the surface Drizzle's PGlite
 * driver uses (query with rowMode and parsers, exec, transaction), so `drizzle(client)` works unchanged.
 */
class PgliteWorkerSession {
  constructor(
    protected readonly send: (request: Omit<WorkerRequest, 'id'>) => Promise<unknown>,
    private readonly txId?: number,
  ) {}

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult & { rows: T[] }> {
    // Drizzle's only parsers keep temporal values as text; the worker applies the same ones.
    return this.send({ op: 'query', txId: this.txId, sql, params, rowMode: options.rowMode, textTemporal: options.parsers !== undefined }) as Promise<
      QueryResult & { rows: T[] }
    >;
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.send({ op: 'exec', txId: this.txId, sql }) as Promise<QueryResult[]>;
  }
}

/**
 * Embedded PGlite on a thread of its own (pgliteWorker.mjs), so a long query never stops the server's
 * event loop: requests that need no database (a cached session's GetCurrentUser, static files) keep
 * flowing while it works. Statements still run one at a time, in order, as on one connection.
 */
export class PgliteWorkerClient extends PgliteWorkerSession {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, (payload: string) => void>();
  private nextId = 1;
  private closed = false;
  readonly waitReady: Promise<void>;

  private constructor(private readonly worker: Worker) {
    super((request) => this.request(request));
    this.waitReady = new Promise((resolve, reject) => {
      worker.on('message', (message: WorkerReply) => {
        if ('ready' in message) return message.ready ? resolve() : reject(reviveError(message.error!));
        if ('notify' in message) return this.listeners.get(message.notify.channel)?.(message.notify.payload);
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(reviveError(message.error));
        else waiting?.resolve(message.result);
      });
      worker.on('error', (error) => {
        reject(error);
        this.failAll(error);
      });
      worker.on('exit', (code) => {
        if (!this.closed) this.failAll(new Error(`the embedded database's thread ended (exit code ${code})`));
      });
    });
  }

  /** Starts the thread and opens the database in `dataDir` (in memory when undefined), from the archive `template` if given. */
  static async start(dataDir: string | undefined, template?: string): Promise<PgliteWorkerClient> {
    const worker = new Worker(serverFile('src/platform/db/pgliteWorker.mjs'), { workerData: { dataDir, template } });
    const client = new PgliteWorkerClient(worker);
    await client.waitReady;
    return client;
  }

  /** A transaction: its statements run alone, in order, and COMMIT when `work` resolves, ROLLBACK when it throws. */
  async transaction<T>(work: (tx: PgliteWorkerSession) => Promise<T>): Promise<T> {
    const txId = (await this.request({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await work(new PgliteWorkerSession((request) => this.request(request), txId));
    } catch (error) {
      await this.request({ op: 'end', txId, commit: false });
      throw error;
    }
    await this.request({ op: 'end', txId, commit: true });
    return result;
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<void> {
    this.listeners.set(channel, onNotify);
    await this.request({ op: 'listen', channel });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.request({ op: 'close' }).catch(() => undefined);
    this.closed = true;
    await this.worker.terminate();
  }

  private request(request: Omit<WorkerRequest, 'id'>): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('the embedded database is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
