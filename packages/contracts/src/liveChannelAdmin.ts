import { z } from 'zod';

// The admin console's live-channel section (issue 16): Administrative Read to see, Execute to send.

/** The longest operators' message: a banner, not a letter. */
export const LIVE_MESSAGE_MAX_LENGTH = 2_000;

export const getLiveChannelStatusResponseSchema = z.object({
  /** Signed-in sockets per server node, within the caller's hierarchy. */
  Nodes: z.array(z.object({ NodeId: z.string(), Host: z.string(), SignedIn: z.number().int() })),
  /** The announcement in force: none, "soon", or a countdown with the seconds left. */
  Maintenance: z.object({ Mode: z.enum(['None', 'Soon', 'Countdown']), SecondsLeft: z.number().int().nullable() }),
});
export type LiveChannelStatus = z.infer<typeof getLiveChannelStatusResponseSchema>;

export const announceMaintenanceRequestSchema = z
  .object({
    /** Seconds until maintenance starts (a countdown); left out, the portal says "maintenance soon". */
    seconds: z.number().int().min(1).max(7 * 24 * 3600).optional(),
  })
  .strict();
export type AnnounceMaintenanceRequest = z.infer<typeof announceMaintenanceRequestSchema>;

export const sendLiveMessageRequestSchema = z
  .object({
    text: z.string().trim().min(1).max(LIVE_MESSAGE_MAX_LENGTH),
    /** Only this account's users (and those under it); left out, everyone in the caller's hierarchy. */
    accountId: z.number().int().positive().optional(),
  })
  .strict();
export type SendLiveMessageRequest = z.infer<typeof sendLiveMessageRequestSchema>;
