import { emptyRequestSchema, okResponseSchema } from '@cmp/contracts/auth';
import type { AuditAction } from '@cmp/contracts/audit';
import { requirement } from '@cmp/contracts/capabilities';
import { announceMaintenanceRequestSchema, getLiveChannelStatusResponseSchema, sendLiveMessageRequestSchema, type LiveChannelStatus } from '@cmp/contracts/liveChannelAdmin';
import type { LiveServerMessage } from '@cmp/contracts/realtime';
import { auditAccountChange } from '../platform/audit';
import { requireAccountInHierarchy } from '../platform/access';
import { accessDenied } from '../platform/errors';
import { defineOperation, type OperationDefinition, type SignedInContext } from '../platform/operations';
import { pathIds, type CallerSession } from '../platform/session';
import type { LiveAudience, LiveHub } from './liveHub';

// The admin console's live-channel section (issue 16): Administrative Read to see, Execute to send.
const ADMIN_READ = requirement('ADMINISTRATIVE', ['Read']);
const ADMIN_EXECUTE = requirement('ADMINISTRATIVE', ['Execute']);
const SERVICE = 'ILiveNotificationService';

/**
 * Maintenance stops the whole platform, so only the platform owner's administrators announce it
 * (the company at the top of the tree); a reseller's administrator gets 403 like any refusal.
 */
function requirePlatformOwner(caller: CallerSession): void {
  if (pathIds(caller.companyAccount.path).length !== 1) throw accessDenied();
}

/** Audits the sending and sends in one transaction: the notification leaves when the entry commits. */
async function publishAudited(
  hub: LiveHub,
  ctx: SignedInContext,
  audit: { action: AuditAction; account: { id: number; path: string }; details?: Record<string, unknown> },
  message: LiveServerMessage,
  audience?: LiveAudience,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await auditAccountChange(tx, ctx, audit.action, audit.account, audit.details);
    await hub.publish(message, audience, tx);
  });
}

function maintenanceStatus(hub: LiveHub): LiveChannelStatus['Maintenance'] {
  const mode = hub.currentMaintenance()?.mode;
  if (mode === undefined || mode === false) return { Mode: 'None', SecondsLeft: null };
  return mode === true ? { Mode: 'Soon', SecondsLeft: null } : { Mode: 'Countdown', SecondsLeft: mode };
}

export function liveChannelOperations(hub: LiveHub): OperationDefinition[] {
  const getStatus = defineOperation({
    service: SERVICE,
    operation: 'GetLiveChannelStatus',
    readOnly: true,
    summary: "Signed-in live-notification sockets per server node within the caller's hierarchy, and the maintenance announcement in force.",
    request: emptyRequestSchema,
    response: getLiveChannelStatusResponseSchema,
    rule: ADMIN_READ,
    async handler(_input, { caller }) {
      const nodes = await hub.census(caller.companyAccount.path);
      return { Nodes: nodes.map((node) => ({ NodeId: node.nodeId, Host: node.host, SignedIn: node.signedIn })), Maintenance: maintenanceStatus(hub) };
    },
  });

  const announce = defineOperation({
    service: SERVICE,
    operation: 'AnnounceMaintenance',
    keepsSessions: true,
    summary: 'Announces maintenance to every signed-in user of every node: a countdown of `seconds`, or "maintenance soon" without it (spec §4). Platform owner only.',
    request: announceMaintenanceRequestSchema,
    response: okResponseSchema,
    rule: ADMIN_EXECUTE,
    async handler(input, ctx) {
      requirePlatformOwner(ctx.caller);
      await publishAudited(hub, ctx, { action: 'MaintenanceAnnounced', account: ctx.caller.companyAccount, details: { Seconds: input.seconds ?? null } }, { type: 'maintenance', mode: input.seconds ?? true });
      return { Success: true };
    },
  });

  const cancel = defineOperation({
    service: SERVICE,
    operation: 'CancelMaintenance',
    keepsSessions: true,
    summary: 'Withdraws the maintenance announcement: every portal removes its banner and countdown. Platform owner only.',
    request: emptyRequestSchema,
    response: okResponseSchema,
    rule: ADMIN_EXECUTE,
    async handler(_input, ctx) {
      requirePlatformOwner(ctx.caller);
      await publishAudited(hub, ctx, { action: 'MaintenanceCancelled', account: ctx.caller.companyAccount }, { type: 'maintenance', mode: false });
      return { Success: true };
    },
  });

  const sendMessage = defineOperation({
    service: SERVICE,
    operation: 'SendLiveMessage',
    keepsSessions: true,
    summary: "Shows a message to the signed-in users of one account and those under it, or — without accountId — of the caller's whole hierarchy.",
    request: sendLiveMessageRequestSchema,
    response: okResponseSchema,
    rule: ADMIN_EXECUTE,
    async handler(input, ctx) {
      const target = input.accountId === undefined ? ctx.caller.companyAccount : await requireAccountInHierarchy(ctx.db, ctx.caller, input.accountId, ADMIN_EXECUTE);
      await publishAudited(hub, ctx, { action: 'LiveMessageSent', account: target, details: { Text: input.text } }, { type: 'message', text: input.text }, { accountPath: target.path });
      return { Success: true };
    },
  });

  return [getStatus, announce, cancel, sendMessage];
}
