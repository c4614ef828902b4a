import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { CAPABILITY_OBJECT_TYPES, isAllowed, requirement, type Capability, type CapabilityFlag } from '@cmp/contracts/capabilities';
import { accounts, capabilitySets, roles, users } from '../platform/db/schema';
import { loadCapabilities } from '../platform/session';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// Issue 17 "no escalation", as a property: whatever sequence of edits Contoso's administrator makes —
// to anything but its own roles and their sets, so that it keeps its power throughout —
// capability sets created or changed, roles made of any sets (Contoso's or another owner's), roles
// given to and taken from users, the operations answering or refusing as they will — no user of
// Contoso ends up with a capability that the administrator lacked and the user did not already have.
// The reseller above has left a role in Contoso wider than its administrator (it may), which is the
// obvious way round the rule: handing that role out.

const FLAGS: CapabilityFlag[] = ['Read', 'Create', 'Execute', 'Delete'];
let server: TestServer;
let editor: string;
let contoso: number;
let northwind: number;
let editorCapabilities: Capability[];
let editorId: number;
/** The administrator's own roles and their sets stay as they are: edits that lock the editor out test nothing. */
const editorOwn = { roles: new Set<number>(), sets: new Set<number>() };
const initial = new Map<number, Capability[]>();

const op = (name: string, body: unknown, cookie = editor) => call(server.app, `IAccountService/${name}`, body, { cookie });

/** Contoso's users but its administrator, the editor. */
async function contosoUsers(): Promise<number[]> {
  const rows = await server.handle.db.select({ id: users.accountId }).from(users).innerJoin(accounts, eq(accounts.id, users.accountId)).where(eq(accounts.parentId, contoso));
  return rows.map((row) => row.id).filter((id) => id !== editorId).sort((a, b) => a - b);
}
/** Roles or sets of Contoso and of Northwind above it (which Contoso's administrator may not use), but the editor's own. */
async function idsOf(table: typeof roles | typeof capabilitySets): Promise<number[]> {
  const own = table === roles ? editorOwn.roles : editorOwn.sets;
  const rows = await server.handle.db.select({ id: table.id }).from(table).where(inArray(table.ownerAccountId, [contoso, northwind]));
  return rows.map((row) => row.id).filter((id) => !own.has(id)).sort((a, b) => a - b);
}
const pick = <T>(list: T[], index: number): T | undefined => (list.length ? list[index % list.length] : undefined);

/** Whether the user may do `flag` on the capability's object: what a granted capability means. */
const allows = (held: Capability[], capability: Capability, flag: CapabilityFlag) => isAllowed(held, requirement(capability.ObjectType, [flag], capability.Value ?? undefined));

const capabilityArbitrary = fc.record({
  ObjectType: fc.constantFrom(...CAPABILITY_OBJECT_TYPES),
  Read: fc.boolean(),
  Create: fc.boolean(),
  Execute: fc.boolean(),
  Delete: fc.boolean(),
  Value: fc.constantFrom(null, 'HIERARCHY' as const),
});
const editArbitrary = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), set: fc.nat(), isNew: fc.boolean(), capabilities: fc.uniqueArray(capabilityArbitrary, { maxLength: 4, selector: (c) => c.ObjectType }) }),
  fc.record({ kind: fc.constant('role' as const), role: fc.nat(), isNew: fc.boolean(), sets: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('assign' as const), role: fc.nat(), user: fc.nat() }),
  fc.record({ kind: fc.constant('remove' as const), role: fc.nat(), user: fc.nat() }),
);
type Edit = typeof editArbitrary extends fc.Arbitrary<infer T> ? T : never;

async function apply(edit: Edit, step: number): Promise<void> {
  const userIds = await contosoUsers();
  if (edit.kind === 'set') {
    const existing = edit.isNew ? undefined : pick(await idsOf(capabilitySets), edit.set);
    await op('SaveCapabilitySet', { ownerCompanyId: contoso, capabilitySet: { CapabilitySetId: existing ?? null, Name: `Set ${step}`, IsTemplate: false, Capabilities: edit.capabilities } });
  } else if (edit.kind === 'role') {
    const sets = await idsOf(capabilitySets);
    const existing = edit.isNew ? undefined : pick(await idsOf(roles), edit.role);
    const setIds = [...new Set(edit.sets.map((index) => pick(sets, index)!))];
    await op('SaveRole', { ownerCompanyId: contoso, role: { RoleId: existing ?? null, Name: `Role ${step}`, Description: '', CapabilitySetIds: setIds } });
  } else {
    const role = pick(await idsOf(roles), edit.role);
    const user = pick(userIds, edit.user);
    if (role && user) await op(edit.kind === 'assign' ? 'AssignRoleUsers' : 'RemoveRoleUsers', { roleId: role, userAccountIds: [user] });
  }
}

beforeAll(async () => {
  server = await startTestServer();
  const idOf = async (name: string) => (await server.handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.displayName, name)))[0]!.id;
  contoso = await idOf('Contoso Ltd');
  northwind = await idOf('Northwind Cloud');
  editor = await signIn(server.app, 'company.admin');
  const [admin] = await server.handle.db.select({ id: users.accountId }).from(users).where(eq(users.username, 'company.admin'));
  editorId = admin!.id;
  editorCapabilities = await loadCapabilities(server.handle.db, editorId);
  const held = (await server.handle.db.execute(sql`select ur.role_id, rcs.capability_set_id from user_roles ur join role_capability_sets rcs on rcs.role_id = ur.role_id where ur.user_account_id = ${editorId}`)) as unknown as {
    rows: { role_id: number; capability_set_id: number }[];
  };
  for (const row of held.rows) {
    editorOwn.roles.add(row.role_id);
    editorOwn.sets.add(row.capability_set_id);
  }

  // Northwind's administrator leaves in Contoso a set and a role giving what Contoso's administrator lacks.
  const [resellerAdmin] = await server.handle.db.select({ id: users.accountId }).from(users).where(eq(users.username, 'reseller.admin'));
  const resellerCapabilities = await loadCapabilities(server.handle.db, resellerAdmin!.id);
  const beyond = resellerCapabilities.filter((c) => FLAGS.some((flag) => c[flag] && !allows(editorCapabilities, c, flag)));
  expect(beyond.length).toBeGreaterThan(0);
  const reseller = await signIn(server.app, 'reseller.admin');
  const wideSet = await op('SaveCapabilitySet', { ownerCompanyId: contoso, capabilitySet: { Name: 'Left by Northwind', IsTemplate: false, Capabilities: beyond.slice(0, 3) } }, reseller);
  expect(wideSet.status, JSON.stringify(wideSet.body)).toBe(200);
  const wideRole = await op('SaveRole', { ownerCompanyId: contoso, role: { Name: 'Wide role', Description: '', CapabilitySetIds: [wideSet.body.CapabilitySetId] } }, reseller);
  expect(wideRole.status, JSON.stringify(wideRole.body)).toBe(200);

  for (const id of await contosoUsers()) initial.set(id, await loadCapabilities(server.handle.db, id));
});
afterAll(async () => {
  await server?.close();
});

describe('no escalation (property)', () => {
  it("no sequence of Contoso's administrator's edits gives a user a capability the administrator lacks", async () => {
    let step = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(editArbitrary, { minLength: 1, maxLength: 8 }), async (edits) => {
        for (const edit of edits) await apply(edit, (step += 1));
        for (const id of await contosoUsers()) {
          const before = initial.get(id) ?? [];
          for (const capability of await loadCapabilities(server.handle.db, id)) {
            for (const flag of FLAGS.filter((f) => capability[f])) {
              const gained = `${capability.ObjectType}${capability.Value ? `:${capability.Value}` : ''} ${flag} for user ${id}`;
              expect(allows(editorCapabilities, capability, flag) || allows(before, capability, flag), gained).toBe(true);
            }
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});
