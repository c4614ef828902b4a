import { asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SsoSetupItem } from '@cmp/contracts/branding';
import type { ServerConfig, SsoProviderConfig } from '../platform/config';
import type { Database } from '../platform/db/database';
import { accounts, branding, ssoProviders } from '../platform/db/schema';
import { discoverProvider } from './openIdClient';

export interface SsoProviderSync {
  /** Stops retrying the discoveries that failed at start. */
  stop(): void;
}

const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 15 * 60_000;

/**
 * SSO_PROVIDERS is the source of truth (README "Configuration"): at every start the providers are
 * written to sso_providers (the only place of the client secrets), providers no longer configured
 * are removed, and the platform owner's branding `sso_setup_list` gets one login button per provider
 * with the authorization endpoint from the provider's discovery document (spec §3 SSO setup item).
 *
 * A provider that cannot be discovered (down at start) keeps its previous button if it had one, and
 * is tried again in the background until it answers; sign-in discovers it again by itself too.
 */
export async function syncSsoProviders(db: Database, config: ServerConfig, log: FastifyBaseLogger): Promise<SsoProviderSync> {
  const configured = config.ssoProviders;
  const known = (await db.select({ id: ssoProviders.id }).from(ssoProviders)).map((row) => row.id);
  if (!configured.length && !known.length) return { stop() {} };

  await db.transaction(async (tx) => {
    for (const provider of configured) {
      const row = { name: provider.name, issuerUrl: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, scope: provider.scope };
      await tx.insert(ssoProviders).values({ id: provider.id, ...row }).onConflictDoUpdate({ target: ssoProviders.id, set: row });
    }
    const ids = configured.map((p) => p.id);
    await tx.delete(ssoProviders).where(ids.length ? notInArray(ssoProviders.id, ids) : undefined);
  });

  const managedIds = new Set([...known, ...configured.map((p) => p.id)]);
  const pending = new Set(configured.map((p) => p.id));
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;

  const publishDiscovered = async (): Promise<void> => {
    const items = await Promise.all(configured.map((provider) => (pending.has(provider.id) ? discoverSetupItem(provider, log) : undefined)));
    const discovered = items.filter((item): item is SsoSetupItem => item !== undefined);
    for (const item of discovered) pending.delete(item.id);
    if (discovered.length || managedIds.size) await publishSetupItems(db, configured, managedIds, discovered);
    managedIds.clear();
  };
  const retry = (delayMs: number) => {
    if (isStopped || !pending.size) return;
    timer = setTimeout(() => {
      publishDiscovered()
        .catch((error: unknown) => log.warn({ err: error }, 'SSO: publishing the login buttons failed'))
        .finally(() => retry(Math.min(delayMs * 2, MAX_RETRY_MS)));
    }, delayMs);
    timer.unref();
  };

  await publishDiscovered();
  retry(FIRST_RETRY_MS);
  return {
    stop() {
      isStopped = true;
      clearTimeout(timer);
    },
  };
}

async function discoverSetupItem(provider: SsoProviderConfig, log: FastifyBaseLogger): Promise<SsoSetupItem | undefined> {
  try {
    const configuration = await discoverProvider({ id: provider.id, issuerUrl: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret });
    const authEndpoint = configuration.serverMetadata().authorization_endpoint;
    if (!authEndpoint) throw new Error('the discovery document names no authorization_endpoint');
    return { id: provider.id, name: provider.name, auth_endpoint: authEndpoint, client: provider.clientId, scope: provider.scope };
  } catch (error) {
    log.warn({ provider: provider.id, issuer: provider.issuer, err: error }, 'SSO: provider discovery failed; its login button waits until it answers');
    return undefined;
  }
}

/**
 * Rewrites the provider buttons of the platform owner's sso_setup_list and keeps every other
 * branding value (and any button that no configured provider ever owned) as it is.
 */
async function publishSetupItems(db: Database, configured: SsoProviderConfig[], managedIds: Set<string>, discovered: SsoSetupItem[]): Promise<void> {
  const [owner] = await db.select({ id: accounts.id }).from(accounts).where(isNull(accounts.parentId)).orderBy(asc(accounts.id)).limit(1);
  if (!owner) return;
  const [row] = await db.select({ config: branding.config }).from(branding).where(eq(branding.ownerAccountId, owner.id)).limit(1);
  const current = Array.isArray(row?.config.sso_setup_list) ? (row.config.sso_setup_list as SsoSetupItem[]) : [];
  const byId = new Map(discovered.map((item) => [item.id, item]));
  const list: SsoSetupItem[] = [];
  for (const item of current) {
    if (byId.has(item.id)) continue;
    const provider = configured.find((p) => p.id === item.id);
    // A configured provider not discovered yet keeps its last known endpoint, with today's name and client.
    if (provider) list.push({ ...item, name: provider.name, client: provider.clientId, scope: provider.scope });
    else if (!managedIds.has(item.id)) list.push(item);
  }
  for (const provider of configured) {
    const item = byId.get(provider.id);
    if (item) list.push(item);
  }
  list.sort((a, b) => order(configured, a.id) - order(configured, b.id));
  // One statement that replaces only sso_setup_list, so other branding values are never overwritten.
  await db
    .insert(branding)
    .values({ ownerAccountId: owner.id, config: { sso_setup_list: list } })
    .onConflictDoUpdate({ target: branding.ownerAccountId, set: { config: sql`${branding.config} || excluded.config`, updatedAt: new Date() } });
}

/** Configured providers in their configured order; other buttons after them. */
function order(configured: SsoProviderConfig[], id: string): number {
  const index = configured.findIndex((p) => p.id === id);
  return index === -1 ? configured.length : index;
}
