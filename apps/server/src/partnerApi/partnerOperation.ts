import type { z } from 'zod';
import type { OperationContext, SignedInContext } from '../platform/operations';

/** The groups of the partner API's definition (its tags), in its order. */
export type PartnerGroup =
  | 'Authenticate'
  | 'Company'
  | 'Reseller'
  | 'Departments'
  | 'Subscription'
  | 'Subscription management'
  | 'Subscription actions'
  | 'Special Deal'
  | 'Credit check'
  | 'User'
  | 'Security'
  | 'Reports'
  | 'Invoices'
  | 'Marketplaces'
  | 'Marketplace services'
  | 'Marketplace price management'
  | 'Upgrade'
  | 'Renew'
  | 'Terminate account';

export interface PartnerContext extends SignedInContext {
  /** The token the call came with (TerminateSessionToken ends it). */
  token: string;
  /**
   * Runs a portal operation as the token's user, through every check the portal's route makes
   * (IP lists, capability rule, request schema): a partner operation that is a portal operation
   * under another name and shape calls it instead of repeating its rules.
   */
  portal(path: `I${string}Service/${string}`, body: unknown): Promise<unknown>;
}

interface PartnerOperationBase<Req extends z.ZodType, Res extends z.ZodType> {
  /** The operation's name in the route `/SimpleAPI/SimpleAPIService.svc/rest/<name>`. */
  name: string;
  group: PartnerGroup;
  summary: string;
  /** The body, with the definition's camelCase names (case-sensitive); unknown fields answer 400. */
  request: Req;
  /** The answer as the definition has it: a bare array, object or string, PascalCase names. */
  answer: Res;
  /** Changes nothing, so cached sessions stay valid. */
  readOnly?: boolean;
}

export interface PartnerOperationDefinition extends PartnerOperationBase<z.ZodType, z.ZodType> {
  isPublic: boolean;
  handler(input: unknown, ctx: PartnerContext | OperationContext): Promise<unknown>;
}

/** A partner operation for a signed-in token. */
export function definePartnerOperation<Req extends z.ZodType, Res extends z.ZodType>(
  def: PartnerOperationBase<Req, Res> & { handler(input: z.output<Req>, ctx: PartnerContext): Promise<z.input<Res>> },
): PartnerOperationDefinition {
  return { ...def, isPublic: false } as unknown as PartnerOperationDefinition;
}

/** A partner operation without a token (GetSessionToken). */
export function definePublicPartnerOperation<Req extends z.ZodType, Res extends z.ZodType>(
  def: PartnerOperationBase<Req, Res> & { handler(input: z.output<Req>, ctx: OperationContext): Promise<z.input<Res>> },
): PartnerOperationDefinition {
  return { ...def, isPublic: true } as unknown as PartnerOperationDefinition;
}
