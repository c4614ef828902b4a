import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts } from './accounts';

// Capability sets, roles and who holds them (DESIGN.md "Access control").

/** Capability sets, managed per owning company (spec §6). */
export const capabilitySets = pgTable('capability_sets', {
  id: serial('id').primaryKey(),
  ownerAccountId: integer('owner_account_id')
    .notNull()
    .references(() => accounts.id),
  name: text('name').notNull(),
  isTemplate: boolean('is_template').notNull().default(false),
  createdAt: createdAt(),
});

export const capabilitySetItems = pgTable(
  'capability_set_items',
  {
    id: serial('id').primaryKey(),
    capabilitySetId: integer('capability_set_id')
      .notNull()
      .references(() => capabilitySets.id, { onDelete: 'cascade' }),
    objectType: text('object_type').notNull(),
    canRead: boolean('can_read').notNull().default(false),
    canCreate: boolean('can_create').notNull().default(false),
    canExecute: boolean('can_execute').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
    value: text('value'),
  },
  (t) => [index('capability_set_items_set_idx').on(t.capabilitySetId)],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    ownerAccountId: integer('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The organisation's administrator role: the one a user's administrator flag grants (users/administratorRole.ts). */
    isAdministrator: boolean('is_administrator').notNull().default(false),
    createdAt: createdAt(),
  },
  // At most one per organisation, so the flag grants one well-defined role.
  (t) => [uniqueIndex('roles_one_administrator_per_owner').on(t.ownerAccountId).where(sql`${t.isAdministrator}`)],
);

export const roleCapabilitySets = pgTable(
  'role_capability_sets',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    capabilitySetId: integer('capability_set_id')
      .notNull()
      .references(() => capabilitySets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.capabilitySetId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => accounts.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userAccountId, t.roleId] })],
);
