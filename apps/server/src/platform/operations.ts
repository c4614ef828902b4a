import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Locale } from '@cmp/contracts/locales';
import type { SecurityRule } from '@cmp/contracts/capabilities';
import type { ErrorKey } from '@cmp/contracts/errors';
import type { Database } from './db/database';
import type { ServerConfig } from './config';
import type { CallerSession } from './session';
import type { Mailer } from './mail';

export interface OperationContext {
  db: Database;
  config: ServerConfig;
  mailer: Mailer;
  request: FastifyRequest;
  reply: FastifyReply;
  locale: Locale;
  /** null only for public operations. */
  caller: CallerSession | null;
  /** A `fileBody` operation called with the file as its body: the query's fields and the body, not yet read. */
  upload?: { fields: unknown; body: AsyncIterable<Buffer> };
}

export interface SignedInContext extends OperationContext {
  caller: CallerSession;
}

interface OperationBase<Req extends z.ZodType, Res extends z.ZodType> {
  service: `I${string}Service`;
  operation: string;
  summary: string;
  request: Req;
  response: Res;
  /** May run while the caller must still set up MFA (spec §4: the user is held on /setup-mfa). */
  allowDuringMfaSetup?: boolean;
  /** Changes nothing, so cached sessions stay valid (every other operation clears them). */
  readOnly?: boolean;
  /**
   * Changes data but nothing a cached session holds or memoises (the caller's user, roles,
   * capabilities, company, IP rules, pricelist and prices, account scopes): orders, subscriptions,
   * provisioning. Clearing every node's sessions after each order cost a quarter of the order
   * throughput (issue 14: each next request reloaded its session with eight statements).
   */
  keepsSessions?: boolean;
  /**
   * Also takes the file itself as the body (application/octet-stream), read as a stream and so not
   * held to the JSON size limit, with the other fields in the query string, checked by `query`.
   * The handler then gets `ctx.upload` and no input (DESIGN.md "Uploads": files over a few MB).
   */
  fileBody?: { query: z.ZodType };
  /**
   * A JSON body limit of its own instead of BODY_LIMIT_BYTES, for the one operation whose public
   * request carries a whole file in JSON (UploadImport's ContentBase64, issue 30 item 10), and the
   * error key a larger body answers 413 with.
   */
  jsonBodyLimit?: { bytes: number; tooLargeKey: ErrorKey; tooLargeParams?: Record<string, string> };
}

interface SignedInOperationOptions {
  rule?: SecurityRule;
  /**
   * The serialised answer is kept with the cached session and sent again until a mutating
   * operation clears the cache (SessionCache), so only for a read-only answer that depends on
   * nothing but the session (not on the request body, not on the caller's language) and whose
   * handler sets nothing on the reply: later calls do not run it.
   * GetCurrentUser's 7 KB body cost a third of its time to serialise on every call (issue 12).
   */
  answerCachedPerSession?: boolean;
}

/** The registry's uniform view of an operation. */
export interface OperationDefinition extends OperationBase<z.ZodType, z.ZodType>, Pick<SignedInOperationOptions, 'answerCachedPerSession'> {
  /** 'public', or signed in plus — when given — the capability rule of the operation. */
  access: 'public' | { rule?: SecurityRule };
  handler(input: unknown, ctx: OperationContext): Promise<unknown>;
}

/** Declares an operation for signed-in callers: service, name, request schema, capability rule and handler in one place. */
export function defineOperation<Req extends z.ZodType, Res extends z.ZodType>(
  def: OperationBase<Req, Res> & SignedInOperationOptions & { handler(input: z.output<Req>, ctx: SignedInContext): Promise<z.input<Res>> },
): OperationDefinition {
  const { rule, ...rest } = def;
  if (def.answerCachedPerSession && !def.readOnly) throw new Error(`operation ${def.service}/${def.operation}: a cached answer needs readOnly`);
  return { ...rest, access: { rule } } as unknown as OperationDefinition;
}

/** Declares an operation anyone may call (sign-in, logout, password reset). */
export function definePublicOperation<Req extends z.ZodType, Res extends z.ZodType>(
  def: OperationBase<Req, Res> & { handler(input: z.output<Req>, ctx: OperationContext): Promise<z.input<Res>> },
): OperationDefinition {
  return { ...def, access: 'public' } as unknown as OperationDefinition;
}

export class OperationRegistry {
  // Service → operation → definition: found on every request without building a key (issue 12).
  private readonly byService = new Map<string, Map<string, OperationDefinition>>();

  register(...defs: OperationDefinition[]): void {
    for (const def of defs) {
      let operations = this.byService.get(def.service);
      if (!operations) this.byService.set(def.service, (operations = new Map()));
      if (operations.has(def.operation)) throw new Error(`operation ${def.service}/${def.operation} registered twice`);
      operations.set(def.operation, def);
    }
  }

  find(service: string, operation: string): OperationDefinition | undefined {
    return this.byService.get(service)?.get(operation);
  }

  all(): OperationDefinition[] {
    return [...this.byService.values()].flatMap((operations) => [...operations.values()]);
  }
}
