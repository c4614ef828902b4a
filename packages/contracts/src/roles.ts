import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { capabilitySchema } from './auth';

// Roles and capability sets per owning organisation (spec §3 Role, Capability set; §6; issue 17):
// the read side — what an organisation owns, who holds a role, what a user can do in the end.

const ownerFields = { ownerCompanyId: accountIdSchema };

export const getRolesRequestSchema = z.object(ownerFields).strict();
export const roleSummarySchema = z.object({
  RoleId: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  OwnerAccountId: z.number().int(),
  /** The capability sets the role holds. */
  CapabilitySetIds: z.array(z.number().int()),
  /** Users of the caller's hierarchy holding it. */
  UserCount: z.number().int(),
  /** The organisation's administrator role: the one a user's administrator flag grants. */
  IsAdministrator: z.boolean(),
});
export type RoleSummary = z.infer<typeof roleSummarySchema>;
export const getRolesResponseSchema = z.object({ OwnerCompanyId: z.number().int(), Roles: z.array(roleSummarySchema) });
export type OwnedRoles = z.infer<typeof getRolesResponseSchema>;

export const getCapabilitySetsRequestSchema = z.object(ownerFields).strict();
export const capabilitySetSchema = z.object({
  CapabilitySetId: z.number().int(),
  Name: z.string(),
  IsTemplate: z.boolean(),
  OwnerAccountId: z.number().int(),
  OwnerDisplayName: z.string(),
  /** False for a template of an owner above, offered to copy. */
  IsOwn: z.boolean(),
  Capabilities: z.array(capabilitySchema),
});
export type CapabilitySet = z.infer<typeof capabilitySetSchema>;
export const getCapabilitySetsResponseSchema = z.object({ OwnerCompanyId: z.number().int(), CapabilitySets: z.array(capabilitySetSchema) });

export const getRoleUsersRequestSchema = z.object({ roleId: z.number().int().positive() }).strict();
export const roleUserSchema = z.object({ UserAccountId: z.number().int(), Username: z.string(), DisplayName: z.string() });
export const getRoleUsersResponseSchema = z.object({ RoleId: z.number().int(), Users: z.array(roleUserSchema) });

export const getEffectiveCapabilitiesRequestSchema = z.object({ userAccountId: accountIdSchema }).strict();
export const effectiveCapabilitySchema = capabilitySchema.extend({
  /** The roles that give it (one capability may come from several). */
  Roles: z.array(z.string()),
});
export const getEffectiveCapabilitiesResponseSchema = z.object({ UserAccountId: z.number().int(), Capabilities: z.array(effectiveCapabilitySchema) });

// The write side (issue 17): nobody creates or widens a set or role beyond what they hold themselves.

export const ROLE_NAME_MAX_LENGTH = 100;
const nameSchema = z.string().trim().min(1).max(ROLE_NAME_MAX_LENGTH);
const idListSchema = (max: number) =>
  z
    .array(z.number().int().positive())
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, 'lists an id twice');

export const saveCapabilitySetRequestSchema = z
  .object({
    ownerCompanyId: accountIdSchema,
    capabilitySet: z
      .object({
        /** Absent or null: a new set. */
        CapabilitySetId: z.number().int().positive().nullish(),
        Name: nameSchema,
        IsTemplate: z.boolean(),
        Capabilities: z
          .array(capabilitySchema)
          .max(200)
          .refine((list) => new Set(list.map((c) => c.ObjectType)).size === list.length, 'lists an object type twice'),
      })
      .strict(),
  })
  .strict();
export type SaveCapabilitySetRequest = z.input<typeof saveCapabilitySetRequestSchema>;
export const saveCapabilitySetResponseSchema = z.object({ CapabilitySetId: z.number().int() });

export const deleteCapabilitySetRequestSchema = z.object({ capabilitySetId: z.number().int().positive() }).strict();

export const saveRoleRequestSchema = z
  .object({
    ownerCompanyId: accountIdSchema,
    role: z
      .object({
        RoleId: z.number().int().positive().nullish(),
        Name: nameSchema,
        Description: z.string().trim().max(1_000).default(''),
        /** Sets of the role's owner. */
        CapabilitySetIds: idListSchema(50),
        /** Marks the role as the organisation's administrator role (the mark moves from the role that had it); absent: unchanged. */
        IsAdministrator: z.boolean().optional(),
      })
      .strict(),
  })
  .strict();
export type SaveRoleRequest = z.input<typeof saveRoleRequestSchema>;
export const saveRoleResponseSchema = z.object({ RoleId: z.number().int() });

export const deleteRoleRequestSchema = z.object({ roleId: z.number().int().positive() }).strict();

export const roleUsersRequestSchema = z.object({ roleId: z.number().int().positive(), userAccountIds: idListSchema(500).refine((ids) => ids.length > 0, 'is empty') }).strict();
