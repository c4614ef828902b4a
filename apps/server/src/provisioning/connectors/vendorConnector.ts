/**
 * How the marketplace delivers through a vendor (issue 14, "Provisioning against a vendor system"):
 * every action is asynchronous — the vendor accepts it with a request reference and completes it
 * later; `getStatus` tells how it ended. Every action carries an idempotency key: a call repeated
 * with the same key (a retry after a timeout or a 503) gets the same reference and never acts twice,
 * so a provisioning job keeps the key of a request for all its retries.
 *
 * Errors are VendorConnectorError, either transient (retry later with the same key: timeouts, the
 * vendor unreachable, 5xx, 429) or permanent (retrying does not help: the vendor refused, e.g.
 * "License pool exhausted"); the provisioning job retries the former with backoff and leaves the
 * request Failed with the vendor's message on the latter.
 */

export type VendorOperation = 'create' | 'changeQuantity' | 'suspend' | 'resume' | 'terminate';

export interface VendorCallOptions {
  /** Same key → same request, acted on once. 1 to 200 visible ASCII characters. */
  idempotencyKey: string;
  /** Cancels the call (e.g. on shutdown). */
  signal?: AbortSignal;
}

export interface VendorCreateInput {
  /** The vendor's id of the customer (its tenant). */
  customerId: string;
  /** The vendor's product (SKU). */
  sku: string;
  quantity: number;
}

export interface VendorSubscriptionState {
  id: string;
  customerId: string;
  sku: string;
  quantity: number;
  /** The vendor's status, e.g. Provisioning, Active, Suspended, Terminated, Failed. */
  status: string;
}

/** The vendor's answer to an action: accepted, to be completed asynchronously. */
export interface VendorAccepted {
  requestId: string;
  /** The vendor's subscription the action concerns (for create: the new one). */
  subscriptionId: string;
  operation: VendorOperation;
}

export type VendorRequestStatus =
  | (VendorAccepted & { state: 'Pending' })
  | (VendorAccepted & { state: 'Succeeded'; subscription?: VendorSubscriptionState })
  /** The vendor ended the request unsuccessfully: a permanent failure, with the vendor's message. */
  | (VendorAccepted & { state: 'Failed'; errorCode: string; errorMessage: string });

export interface VendorConnector {
  /** Names the vendor system in logs and messages. */
  readonly name: string;
  create(input: VendorCreateInput, options: VendorCallOptions): Promise<VendorAccepted>;
  changeQuantity(subscriptionId: string, quantity: number, options: VendorCallOptions): Promise<VendorAccepted>;
  suspend(subscriptionId: string, options: VendorCallOptions): Promise<VendorAccepted>;
  resume(subscriptionId: string, options: VendorCallOptions): Promise<VendorAccepted>;
  terminate(subscriptionId: string, options: VendorCallOptions): Promise<VendorAccepted>;
  /** Where an accepted request stands. */
  getStatus(requestId: string, options?: { signal?: AbortSignal }): Promise<VendorRequestStatus>;
}

export type VendorErrorKind = 'transient' | 'permanent';

export class VendorConnectorError extends Error {
  constructor(
    readonly kind: VendorErrorKind,
    /** e.g. Timeout, Unreachable, ServiceUnavailable, LicensePoolExhausted, SubscriptionNotFound. */
    readonly code: string,
    /** The vendor's message (or ours when the vendor gave none). */
    message: string,
    /** The vendor's HTTP status, when it answered. */
    readonly httpStatus?: number,
    /** Seconds the vendor asked to wait before a retry (Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'VendorConnectorError';
  }

  get transient(): boolean {
    return this.kind === 'transient';
  }
}

export const isTransientVendorError = (error: unknown): error is VendorConnectorError => error instanceof VendorConnectorError && error.kind === 'transient';

/**
 * Polls an accepted request until it ends: resolves with Succeeded, throws a permanent
 * VendorConnectorError with the vendor's message when it Failed, a transient one ('StillPending')
 * when it has not ended within `timeoutMs` (poll again later; nothing is repeated at the vendor).
 */
export async function awaitVendorCompletion(
  connector: VendorConnector,
  requestId: string,
  settings: { pollIntervalMs?: number; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<Extract<VendorRequestStatus, { state: 'Succeeded' }>> {
  const pollIntervalMs = settings.pollIntervalMs ?? 500;
  const deadline = Date.now() + (settings.timeoutMs ?? 60_000);
  for (;;) {
    const status = await connector.getStatus(requestId, { signal: settings.signal });
    if (status.state === 'Succeeded') return status;
    if (status.state === 'Failed') throw new VendorConnectorError('permanent', status.errorCode, status.errorMessage);
    if (Date.now() + pollIntervalMs > deadline) {
      throw new VendorConnectorError('transient', 'StillPending', `${connector.name} has not completed request ${requestId} yet`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
    settings.signal?.throwIfAborted();
  }
}
