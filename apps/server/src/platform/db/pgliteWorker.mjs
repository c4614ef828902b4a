// @ts-check
// The embedded database's own thread (issue 11 item 6). PGlite runs PostgreSQL compiled to
// WebAssembly synchronously on the thread that calls it: on the server's thread one slow query
// stopped every other request, even those that need no database. Here it runs beside the server,
// which talks to it through PgliteWorkerClient (pgliteWorkerClient.ts; messages in
// pgliteWorkerProtocol.ts). Plain JavaScript, so the thread needs no TypeScript loader in any setup
// (tsx, Vitest, compiled).
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
// `template`: an archive of a prepared data folder to start from (the API tests' demo world).
const loadDataDir = workerData.template ? new Blob([readFileSync(workerData.template)]) : undefined;
const database = new PGlite({ dataDir: workerData.dataDir, loadDataDir, extensions: { pg_trgm } });

// Drizzle keeps temporal values as PostgreSQL's text (drizzle-orm/pglite/session.js); functions cannot
// cross threads, so the parsers it would pass are applied here when the client asks for them.
/** @param {string} value */
const keepText = (value) => value;
const TEXT_TEMPORAL_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, keepText]),
);

const ROLLBACK = new Error('rollback');
/** @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, finish: (commit: boolean) => void, ended: Promise<void> }>} */
const transactions = new Map();
let nextTransactionId = 1;

/** What crosses the thread: the message and PostgreSQL's fields (code, detail, constraint …). @param {unknown} error */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = Object.entries(error).filter(([, value]) => typeof value !== 'object' || value === null);
  return { ...Object.fromEntries(fields), message: error.message, name: error.name };
}

/** @param {import('@electric-sql/pglite').Results} result */
const plainResult = (result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });

/** @param {number | undefined} txId */
function target(txId) {
  if (txId === undefined) return database;
  const open = transactions.get(txId);
  if (!open) throw new Error('transaction already ended');
  return open.tx;
}

/**
 * Opens a transaction and answers its id once BEGIN ran. PGlite's transaction() keeps its lock (no
 * other statement interleaves) until the client's 'end' commits or rolls it back.
 * @returns {Promise<number>}
 */
function beginTransaction() {
  return new Promise((resolve, reject) => {
    const txId = nextTransactionId++;
    let started = false;
    const ended = database
      .transaction(
        (tx) =>
          new Promise((committed, rolledBack) => {
            started = true;
            transactions.set(txId, { tx, finish: (commit) => (commit ? committed(undefined) : rolledBack(ROLLBACK)), ended });
            resolve(txId);
          }),
      )
      .then(() => undefined)
      .finally(() => transactions.delete(txId));
    ended.catch((error) => {
      if (!started) reject(error);
    });
  });
}

/** @param {import('./pgliteWorkerProtocol').WorkerRequest} request */
async function handle(request) {
  switch (request.op) {
    case 'query': {
      const options = { rowMode: request.rowMode, ...(request.textTemporal ? { parsers: TEXT_TEMPORAL_PARSERS } : {}) };
      return plainResult(await target(request.txId).query(String(request.sql), request.params, options));
    }
    case 'exec':
      return (await target(request.txId).exec(String(request.sql))).map(plainResult);
    case 'begin':
      return beginTransaction();
    case 'end': {
      const open = transactions.get(Number(request.txId));
      if (!open) throw new Error('transaction already ended');
      open.finish(request.commit === true);
      await open.ended.catch((error) => {
        if (error !== ROLLBACK) throw error;
      });
      return null;
    }
    case 'listen': {
      const channel = String(request.channel);
      await database.listen(channel, (payload) => port.postMessage({ notify: { channel, payload } }));
      return null;
    }
    case 'close':
      await database.close();
      return null;
  }
}

port.on('message', (request) => {
  handle(request).then(
    (result) => port.postMessage({ id: request.id, result }),
    (error) => port.postMessage({ id: request.id, error: serializeError(error) }),
  );
});

database.waitReady.then(
  () => port.postMessage({ ready: true }),
  (error) => port.postMessage({ ready: false, error: serializeError(error) }),
);
