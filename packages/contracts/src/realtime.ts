import { z } from 'zod';

// The live-notification channel of spec §7 and §9 (issue 16): one JSON object per WebSocket
// message, named by `type`, with the fields the specification lists beside each name.

/** The subprotocol the portal asks for and the server insists on (spec §7). */
export const LIVE_SUBPROTOCOL = 'webclient';

/** The paths the server answers the channel on: `{host}/`, and `/ws/` as in development (spec §7). */
export const LIVE_PATHS = ['/', '/ws/'] as const;

/** spec §9 Real-time channel: the client's timing. */
export const LIVE_TIMING = {
  pingIntervalMs: 300_000,
  pongWaitMs: 60_000,
  reconnectFirstMs: 5_000,
  reconnectMaxMs: 600_000,
} as const;

/** spec §9: the close code and reason when the server's pong does not come in time. */
export const NO_PONG_CLOSE = { code: 4001, reason: 'No pong.' } as const;

const echo = z.string().max(256);

export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), sessionId: z.string().min(1).max(128), userId: z.number().int() }).strict(),
  z.object({ type: z.literal('deauth') }).strict(),
  z.object({ type: z.literal('ping'), echo }).strict(),
  z.object({ type: z.literal('pong'), echo }).strict(),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/** true: maintenance soon; false: none; a number: seconds until it starts (spec §4 Maintenance). */
export const maintenanceModeSchema = z.union([z.boolean(), z.number().int().min(0).max(7 * 24 * 3600)]);
export type MaintenanceMode = z.infer<typeof maintenanceModeSchema>;

/**
 * Business events the portal shows as messages (issue 16), each to the users allowed to see it,
 * each linking to its screen; delivered at least once, so the portal skips an id it has shown.
 */
export const BUSINESS_EVENTS = ['OrderAwaitsApproval', 'OrderApproved', 'OrderDeclined', 'ProvisioningCompleted', 'ProvisioningFailed', 'PropagationFinished', 'InvoiceReady'] as const;
export type BusinessEvent = (typeof BUSINESS_EVENTS)[number];

export const liveServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), echo }),
  z.object({ type: z.literal('pong'), echo }),
  z.object({ type: z.literal('reauth') }),
  z.object({ type: z.literal('maintenance'), mode: maintenanceModeSchema }),
  /** An empty text removes the maintenance banner (spec §4). */
  z.object({ type: z.literal('message'), text: z.string() }),
  z.object({ type: z.literal('updatecapabs') }),
  /** A business event: its outbox id, its name, the values its text names, and the portal path of its screen. */
  z.object({ type: z.literal('event'), id: z.number().int(), event: z.enum(BUSINESS_EVENTS), values: z.record(z.string(), z.string()), link: z.string() }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;

// The event hub of spec §7 (issue 16): a SignalR hub speaking the JSON hub protocol. The portal
// negotiates at `{hub base}/api/negotiate?InstanceId={pod id}` and is sent `onServerMessage`.

/** The hub's URL path on this server (the hub base is the portal's own origin + /hub). */
export const EVENT_HUB_PATH = '/hub/api';

/** The one client method the hub invokes. */
export const EVENT_HUB_METHOD = 'onServerMessage';

/** spec §9 Hub client: server timeout 30 s, keep-alive 15 s, reconnect delays 0, 2, 10, 30 s. */
export const EVENT_HUB_TIMING = {
  serverTimeoutMs: 30_000,
  keepAliveMs: 15_000,
  reconnectDelaysMs: [0, 2_000, 10_000, 30_000],
} as const;

/** The instance on which the portal connects whatever the setting (spec §3: "On the instance named pp a real-time connection starts"). */
export const EVENT_HUB_INSTANCE = 'pp';

/** The argument of onServerMessage: a price propagation finished (spec §4 DP_UpdateComplete); other events may come. */
export interface HubServerMessage {
  Event: string;
  MarketplaceId?: number;
  TimeStamp: string;
}
