import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../platform/db/database';
import { oncePerShape, placeholderSet, sqlOnce, statementOnce } from '../platform/db/statementOnce';
import { orders, products, provisioningRequests, subscriptions } from '../platform/db/schema';
import { runBounded, type JobContext, type JobDefinition } from '../platform/jobs';
import { enqueueProvisioning, PROVISIONING_JOB, type SendJob } from './queue';
import { vendorConnectorFromEnv } from './connectors/connectorConfig';
import { VendorConnectorError, type VendorAccepted, type VendorCallOptions, type VendorConnector } from './connectors/vendorConnector';
import { outcomeChangeOf, outcomeChangeUpdate, type OutcomeChange } from '../subscriptions/subscriptionStatus';
import { businessEventBindings, businessEventSql } from '../realtime/businessEvents';

/**
 * Provisioning requests processed against the vendor (issue 14, "Provisioning against a vendor
 * system"). One job, `provisioning.process` {requestId}, moves a request a step and schedules the
 * next one:
 *   Submitted  → the action is sent to the vendor with the request's idempotency key → InProgress
 *                (the vendor's request reference kept);
 *   InProgress → the vendor's status is polled: still pending → polled again later; Succeeded →
 *                Completed (final, the vendor's subscription id and status kept); Failed → Failed
 *                with the vendor's message (not final: someone retries, resubmits, escalates,
 *                completes or cancels it).
 * A transient failure (timeout, vendor unreachable, 5xx, 429) is retried with exponential backoff
 * (the vendor's Retry-After honoured) up to `maxAttempts`, then the request is Failed with the last
 * message; a permanent one (the vendor refused, e.g. "License pool exhausted") fails it at once.
 *
 * Exactly once at the vendor: the key (`vendor_idempotency_key`) is set once per submission (an
 * order's Create request gets it when it is created, placeOrder.ts; any other by its first run) and sent
 * with every call of it, so a retry, a job delivered twice or the sweeper never provisions twice; a
 * retry of a Failed request keeps the key, a resubmit clears it (and `vendor_request_id`,
 * `attempts`) so the next run sends a new submission. Every write is conditional on the state it
 * read, so a concurrent run or a person's action in between wins and this run changes nothing.
 *
 * Whoever creates a request sets `next_attempt_at` (now) and sends the job (enqueueProvisioning); the
 * sweeper `provisioning.sweep` (each minute) sends it again for requests whose next step is overdue —
 * a job lost between commit and send. Requests without `next_attempt_at` (the demo's hand-made ones)
 * are left alone.
 */

export const PROVISIONING_SWEEP_JOB = 'provisioning.sweep';

export interface ProvisioningJobSettings {
  /** Enqueues a job (the server's JobRunner.send). */
  send: SendJob;
  /** The vendor connector; by default the one VENDOR_SANDBOX_URL names, read when first needed. */
  connector?: () => VendorConnector | undefined;
  /** Backoff after the first transient failure, doubled after each next (default 1 s, at most 5 min). */
  retryBaseMs?: number;
  /** Transient failures in one submission before the request is Failed (default 8). */
  maxAttempts?: number;
  /** First wait before polling an accepted request (default 1 s; longer for requests pending long). */
  pollIntervalMs?: number;
}

type Settings = Required<Omit<ProvisioningJobSettings, 'send' | 'connector'>> & Pick<ProvisioningJobSettings, 'send'> & { connector: () => VendorConnector | undefined };

const MAX_BACKOFF_MS = 5 * 60_000;
const MAX_POLL_MS = 60_000;
/** The sweeper leaves a request this long past its next step to its own job first. */
const OVERDUE_MS = 30_000;
const OPEN_STATUSES = ['Submitted', 'InProgress'] as const;

function withDefaults(settings: ProvisioningJobSettings): Settings {
  let cached: { url: string | undefined; connector: VendorConnector | undefined } | undefined;
  const fromEnv = () => {
    const url = process.env.VENDOR_SANDBOX_URL;
    if (!cached || cached.url !== url) cached = { url, connector: vendorConnectorFromEnv() };
    return cached.connector;
  };
  return {
    send: settings.send,
    connector: settings.connector ?? fromEnv,
    retryBaseMs: settings.retryBaseMs ?? 1_000,
    maxAttempts: settings.maxAttempts ?? 8,
    pollIntervalMs: settings.pollIntervalMs ?? 1_000,
  };
}

export type ProvisioningStep =
  | { outcome: 'nothing' }
  | { outcome: 'sent' | 'pending'; nextAt: Date; polled: LoadedRequest }
  | { outcome: 'retry'; nextAt: Date }
  | { outcome: 'completed' }
  | { outcome: 'failed'; message: string };

/**
 * What a step knows of its request before it starts: the request as the previous step left it,
 * carried by a poll's job (polledRequest: used only once the vendor accepted it), or as read just now
 * for this step with the other requests of its job's batch (`read`; undefined: there is none).
 * Otherwise the step reads it.
 */
export type KnownRequest = { carried: LoadedRequest } | { read: LoadedRequest | undefined };

/** Moves one request a step (see above) and answers what happened; the job schedules the next step. */
export async function processProvisioningRequest(
  db: Database,
  requestId: number,
  settingsIn: Omit<ProvisioningJobSettings, 'send'> = {},
  known?: KnownRequest,
): Promise<ProvisioningStep> {
  const settings = withDefaults({ send: async () => undefined, ...settingsIn });
  const [loaded] =
    known && 'read' in known
      ? [known.read]
      : known?.carried.request.id === requestId && known.carried.request.vendorRequestId
        ? [known.carried]
        : await requestsToProcess(db, { requestIds: [requestId] });
  if (!loaded || !(OPEN_STATUSES as readonly string[]).includes(loaded.request.orderStatus)) return { outcome: 'nothing' };
  let request = loaded.request;

  const update = async (values: StepValues): Promise<boolean> => (await conditionalUpdate(Object.keys(values) as StepColumn[])(db, { ...values, updatedAt: new Date(), ...asRead(request) })).length > 0;
  /**
   * An end of the request, and what it means for its subscription, with its event: one statement
   * (issue 14: a transaction of five round trips on every order before), each part conditional on the
   * request's update.
   */
  const end = async (values: StepValues, outcome: 'completed' | 'failed'): Promise<boolean> => {
    const event =
      request.createdByAccountId === null
        ? undefined
        : businessEventBindings({
            event: outcome === 'completed' ? 'ProvisioningCompleted' : 'ProvisioningFailed',
            values: { service: loaded.productDisplayName, action: request.action },
            link: request.subscriptionAccountId === null ? '/provisioning' : `/account/${request.subscriptionAccountId}/provisioning`,
            userAccountIds: [request.createdByAccountId],
          });
    const change = outcomeChangeOf(request, outcome);
    // Only a cancellation (a person's action, provisioningActions.ts) takes several statements.
    if (change === 'several statements') throw new Error(`the job's ${outcome} outcome of a ${request.action} request took several statements`);
    const [row] = await endStatement(Object.keys(values) as StepColumn[], change, event !== undefined)(db, {
      ...values,
      updatedAt: new Date(),
      ...asRead(request),
      'change.subscriptionAccountId': request.subscriptionAccountId,
      'change.quantity': request.quantity,
      ...event,
    });
    return Number(row?.n) > 0;
  };
  const fail = async (message: string, values: StepValues = {}): Promise<ProvisioningStep> =>
    (await end({ orderStatus: 'Failed', productStatus: 'Failed', isFinalStatus: false, errorMessage: message, nextAttemptAt: null, ...values }, 'failed'))
      ? { outcome: 'failed', message }
      : { outcome: 'nothing' };

  const connector = settings.connector();
  if (!connector) return fail('No vendor system is configured (VENDOR_SANDBOX_URL).');

  // A new submission gets its key once; a concurrent run that set it first wins.
  if (!request.vendorIdempotencyKey) {
    const key = `prov-${request.id}-${randomUUID()}`;
    if (!(await update({ vendorIdempotencyKey: key }))) return { outcome: 'nothing' };
    request = { ...request, vendorIdempotencyKey: key };
  }
  const options: VendorCallOptions = { idempotencyKey: request.vendorIdempotencyKey! };

  try {
    if (!request.vendorRequestId) {
      const accepted = await send(db, connector, request, { vendorSku: loaded.vendorSku, quantity: request.quantity ?? loaded.subscriptionQuantity ?? loaded.orderQuantity }, options);
      if ('failed' in accepted) return fail(accepted.failed);
      const nextAt = new Date(Date.now() + settings.pollIntervalMs);
      const sentValues = {
        orderStatus: 'InProgress' as const,
        productStatus: 'Pending',
        vendorRequestId: accepted.requestId,
        vendorSubscriptionId: accepted.subscriptionId,
        sendDate: request.sendDate ?? new Date(),
        errorMessage: null,
        nextAttemptAt: nextAt,
      };
      const written = await update(sentValues);
      return written ? { outcome: 'sent', nextAt, polled: { ...loaded, request: { ...request, ...sentValues } } } : { outcome: 'nothing' };
    }

    const status = await connector.getStatus(request.vendorRequestId);
    if (status.state === 'Pending') {
      // Polled more slowly the longer the vendor has been at it — counted from the last hand action (a retry) too.
      const pendingFor = Date.now() - Math.max((request.sendDate ?? request.createdAt).getTime(), request.lastActionAt?.getTime() ?? 0);
      const nextAt = new Date(Date.now() + Math.min(MAX_POLL_MS, Math.max(settings.pollIntervalMs, Math.round(pendingFor / 5))));
      return (await update({ nextAttemptAt: nextAt })) ? { outcome: 'pending', nextAt, polled: { ...loaded, request: { ...request, nextAttemptAt: nextAt } } } : { outcome: 'nothing' };
    }
    if (status.state === 'Failed') return fail(status.errorMessage);
    const written = await end(
      {
        orderStatus: 'Completed',
        productStatus: status.subscription?.status ?? 'Active',
        isFinalStatus: true,
        vendorSubscriptionId: status.subscriptionId,
        errorMessage: null,
        nextAttemptAt: null,
      },
      'completed',
    );
    return written ? { outcome: 'completed' } : { outcome: 'nothing' };
  } catch (error) {
    if (!(error instanceof VendorConnectorError)) throw error;
    if (error.kind === 'permanent') return fail(error.message);
    const attempts = request.attempts + 1;
    if (attempts >= settings.maxAttempts) return fail(error.message, { attempts });
    const backoff = Math.min(MAX_BACKOFF_MS, settings.retryBaseMs * 2 ** (attempts - 1));
    const nextAt = new Date(Date.now() + Math.max(backoff, (error.retryAfterSeconds ?? 0) * 1000));
    return (await update({ attempts, errorMessage: error.message, nextAttemptAt: nextAt })) ? { outcome: 'retry', nextAt } : { outcome: 'nothing' };
  }
}

type StepValues = Partial<typeof provisioningRequests.$inferInsert>;

/** A request with what its call to the vendor needs (requestsToProcess). */
export type LoadedRequest = Awaited<ReturnType<typeof requestsToProcess>>[number];

const DATE_COLUMNS = ['sendDate', 'nextAttemptAt', 'escalatedAt', 'lastActionAt', 'createdAt', 'updatedAt'] as const;

/**
 * The request a poll's job carries (its data is JSON: dates come back as text), or undefined. Only a
 * request the vendor accepted is carried: its next step only asks the vendor how it stands, and every
 * write of it is conditional on the request being as carried (a person's action in between wins); a
 * request not yet sent is read afresh, so a cancelled one is never sent.
 */
function polledRequest(data: unknown): LoadedRequest | undefined {
  const known = (data as { known?: { request?: Record<string, unknown> } }).known;
  if (!known?.request || typeof known.request.id !== 'number' || typeof known.request.vendorRequestId !== 'string') return undefined;
  const request = { ...known.request };
  for (const column of DATE_COLUMNS) if (typeof request[column] === 'string') request[column] = new Date(request[column]);
  return { ...(known as LoadedRequest), request: request as LoadedRequest['request'] };
}
type StepColumn = keyof StepValues;

/** Requests with what their call to the vendor needs: their service's SKU and the quantity of their subscription or order. */
const requestsToProcess = statementOnce((q) =>
  q
    .select({ request: provisioningRequests, vendorSku: products.vendorSku, productDisplayName: products.displayName, subscriptionQuantity: subscriptions.quantity, orderQuantity: orders.quantity })
    .from(provisioningRequests)
    .innerJoin(products, eq(products.name, provisioningRequests.productName))
    .leftJoin(subscriptions, eq(subscriptions.accountId, provisioningRequests.subscriptionAccountId))
    .leftJoin(orders, eq(orders.id, provisioningRequests.orderId))
    .where(sql`${provisioningRequests.id} = any(${sql.placeholder('requestIds')}::int[])`),
);

/** The placeholders of the state a conditional update read (see conditionalUpdate). */
const asRead = (request: typeof provisioningRequests.$inferSelect) => ({
  readId: request.id,
  readStatus: request.orderStatus,
  readVendorRequestId: request.vendorRequestId,
  readVendorIdempotencyKey: request.vendorIdempotencyKey,
});

/** A step's update of these columns (and updatedAt), made only when the request is still as read: its status, reference and key. */
function conditionalUpdateBuilder(q: Queryable, columns: StepColumn[]) {
  return q
    .update(provisioningRequests)
    .set(placeholderSet(provisioningRequests, [...columns, 'updatedAt']))
    .where(
      and(
        eq(provisioningRequests.id, sql.placeholder('readId')),
        eq(provisioningRequests.orderStatus, sql.placeholder('readStatus')),
        sql`${provisioningRequests.vendorRequestId} is not distinct from ${sql.placeholder('readVendorRequestId')}`,
        sql`${provisioningRequests.vendorIdempotencyKey} is not distinct from ${sql.placeholder('readVendorIdempotencyKey')}`,
      ),
    )
    .returning({ id: provisioningRequests.id });
}

const shapeOfColumns = (columns: StepColumn[]) => [...columns].sort().join(',');

const conditionalUpdate = oncePerShape(shapeOfColumns, (columns: StepColumn[]) => statementOnce((q) => conditionalUpdateBuilder(q, columns)));

/**
 * The end of a request: its conditional update with the subscription's change and the event, each
 * run only when the update was (built once for each combination; getSQL(): a query builder put into
 * a template comes in parentheses, which a WITH clause does not take).
 */
const endStatement = oncePerShape(
  (columns: StepColumn[], change: Exclude<OutcomeChange, 'several statements'>, withEvent: boolean) => `${shapeOfColumns(columns)}|${JSON.stringify(change ?? null)}|${withEvent}`,
  (columns, change, withEvent) =>
    sqlOnce<{ n: number }>((q) => {
      const ended = sql`exists (select 1 from ended)`;
      const changed = change && outcomeChangeUpdate(q, change, { subscriptionAccountId: sql.placeholder('change.subscriptionAccountId'), quantity: sql.placeholder('change.quantity') }, ended);
      return sql`with ended as (${conditionalUpdateBuilder(q, columns).getSQL()})${changed ? sql`, changed as (${changed.getSQL()})` : sql``}${
        withEvent ? sql`, event as (${businessEventSql(ended)})` : sql``
      } select count(*)::int as n from ended`;
    }),
);

/** Sends the request's action; a request the vendor cannot be asked for answers {failed}. */
async function send(
  db: Database,
  connector: VendorConnector,
  request: typeof provisioningRequests.$inferSelect,
  known: { vendorSku: string | null; quantity: number | null },
  options: VendorCallOptions,
): Promise<VendorAccepted | { failed: string }> {
  const action = request.action;
  if (action === 'Create' || action === 'Modify') {
    if (!known.quantity || known.quantity < 1) return { failed: 'The request names no quantity to provision.' };
  }
  if (action === 'Create') {
    return connector.create({ customerId: request.customerId ?? `company-${request.companyAccountId}`, sku: known.vendorSku ?? request.productName, quantity: known.quantity! }, options);
  }
  const subscriptionId = request.vendorSubscriptionId ?? (await knownVendorSubscription(db, request.subscriptionAccountId));
  if (!subscriptionId) return { failed: 'The vendor’s subscription is not known: it was never provisioned through the vendor.' };
  switch (action) {
    case 'Modify':
      return connector.changeQuantity(subscriptionId, known.quantity!, options);
    case 'Suspend':
      return connector.suspend(subscriptionId, options);
    case 'Resume':
      return connector.resume(subscriptionId, options);
    case 'Terminate':
      return connector.terminate(subscriptionId, options);
    default:
      return { failed: `Unknown provisioning action ${action}.` };
  }
}

/** The vendor's id of a subscription: from the latest completed request that named it. */
async function knownVendorSubscription(db: Database, subscriptionAccountId: number | null): Promise<string | null> {
  if (subscriptionAccountId === null) return null;
  const [row] = await db
    .select({ id: provisioningRequests.vendorSubscriptionId })
    .from(provisioningRequests)
    .where(and(eq(provisioningRequests.subscriptionAccountId, subscriptionAccountId), eq(provisioningRequests.orderStatus, 'Completed'), isNotNull(provisioningRequests.vendorSubscriptionId)))
    .orderBy(desc(provisioningRequests.id))
    .limit(1);
  return row?.id ?? null;
}

/** Requests whose next step is overdue (their job lost); the sweeper sends their job again. */
export async function overdueProvisioningRequests(db: Database, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: provisioningRequests.id })
    .from(provisioningRequests)
    .where(
      and(
        inArray(provisioningRequests.orderStatus, [...OPEN_STATUSES]),
        isNotNull(provisioningRequests.nextAttemptAt),
        lt(provisioningRequests.nextAttemptAt, sql`now() - make_interval(secs => ${OVERDUE_MS / 1000})`),
      ),
    )
    .orderBy(provisioningRequests.nextAttemptAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Jobs of provisioning.process taken per look, and handled side by side (each mostly waits on the vendor's API). */
const PROVISIONING_BATCH = 20;

/** The provisioning jobs for the server's JobRunner (app.ts). */
export function provisioningJobs(settingsIn: ProvisioningJobSettings): JobDefinition[] {
  const settings = withDefaults(settingsIn);
  /**
   * A batch of provisioning.process: the requests no poll's job carries are read in one statement
   * (issue 14: a read per job before), and every step starts at once, so each still reads its request
   * just before its call to the vendor. Each step sends its next as it ends (the job runner puts the
   * sends of one moment in one insert), so a slow vendor call holds back no other request's poll.
   */
  async function processBatch(datas: object[], { db, log }: JobContext): Promise<void> {
    const jobs = datas.flatMap((data) => {
      const { requestId } = data as { requestId?: unknown };
      return typeof requestId === 'number' ? [{ requestId, carried: polledRequest(data) }] : [];
    });
    const toRead = jobs.filter((job) => !job.carried).map((job) => job.requestId);
    const read = new Map(toRead.length ? (await requestsToProcess(db, { requestIds: toRead })).map((row) => [row.request.id, row]) : []);
    await runBounded(jobs, jobs.length, async ({ requestId, carried }) => {
      const step = await processProvisioningRequest(db, requestId, settings, carried ? { carried } : { read: read.get(requestId) });
      if (step.outcome === 'failed') log.warn({ requestId, message: step.message }, 'provisioning request failed');
      if ('nextAt' in step) await enqueueProvisioning(settings.send, requestId, step.nextAt, 'polled' in step ? step.polled : undefined);
    });
  }
  return [
    {
      name: PROVISIONING_JOB,
      pollingIntervalSeconds: 0.5,
      batchSize: PROVISIONING_BATCH,
      handler: (data, ctx) => processBatch([data], ctx),
      batchHandler: processBatch,
    },
    {
      name: PROVISIONING_SWEEP_JOB,
      cron: '* * * * *',
      async handler(_data, { db, log }) {
        for (const requestId of await overdueProvisioningRequests(db)) {
          log.info({ requestId }, 'the sweeper sends a provisioning request whose job was lost');
          await enqueueProvisioning(settings.send, requestId);
        }
      },
    },
  ];
}
