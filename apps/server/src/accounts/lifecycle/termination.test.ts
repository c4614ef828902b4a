import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountTerminations, subscriptions } from '../../platform/db/schema';
import type { AccountRow } from '../../platform/session';
import { call, signIn, startTestServer, type TestServer } from '../../test/testServer';
import { accountNamed, addAccount, addSubscription, auditEntries, daysFromNow, reload } from '../../test/lifecycleFixtures';

let server: TestServer;
let db: TestServer['handle']['db'];
let northwind: AccountRow;
const cookies: Record<string, string> = {};
const terminate = (who: string, body: Record<string, unknown>) =>
  call(server.app, 'IAccountService/TerminateAccounts', { terminationDate: null, reason: 'Customer left', isIrreversibleAcknowledged: true, ...body }, { cookie: cookies[who] });
const preview = (who: string, accountIds: number[], terminationDate: string | null = null) =>
  call(server.app, 'IAccountService/GetTerminationPreview', { accountIds, terminationDate }, { cookie: cookies[who] });
const terminationsOf = (accountId: number) => db.select().from(accountTerminations).where(eq(accountTerminations.accountId, accountId));
const autoRenewOf = async (account: AccountRow) => (await db.select().from(subscriptions).where(eq(subscriptions.accountId, account.id)))[0]?.autoRenew;

beforeAll(async () => {
  server = await startTestServer();
  db = server.handle.db;
  northwind = await accountNamed(db, 'Northwind Cloud');
  for (const who of ['reseller.admin', 'company.admin', 'company.user', 'other.admin']) cookies[who] = await signIn(server.app, who);
});
afterAll(async () => {
  await server?.close();
});

describe('TerminateAccounts (spec §4 Termination, §5)', () => {
  it('terminates a department and its users now: Terminated, terminated_at set, termination Done, audited', async () => {
    const department = await addAccount(db, 'Department', await accountNamed(db, 'Contoso Ltd'), 'Closing Dept');
    const member = await addAccount(db, 'User', department, 'Closing Member');
    const result = await terminate('company.admin', { accountIds: [department.id] });
    expect(result.status).toBe(200);
    expect(result.body.Terminations).toEqual([expect.objectContaining({ AccountId: department.id, Status: 'Done' })]);
    for (const account of [department, member]) {
      const row = await reload(db, account);
      expect(row.state).toBe('Terminated');
      expect(row.terminatedAt).toBeInstanceOf(Date);
    }
    expect(await terminationsOf(department.id)).toEqual([expect.objectContaining({ status: 'Done', reason: 'Customer left' })]);
    const [audit] = await auditEntries(db, 'AccountTerminated', department.id);
    expect(audit?.details).toMatchObject({ Reason: 'Customer left', TerminatedAccountCount: 2 });
  });

  it('requires a reason, the irreversible acknowledgement and a future date', async () => {
    const department = await addAccount(db, 'Department', await accountNamed(db, 'Contoso Ltd'), 'Kept Dept');
    const noReason = await terminate('company.admin', { accountIds: [department.id], reason: '  ' });
    const noAck = await terminate('company.admin', { accountIds: [department.id], isIrreversibleAcknowledged: false });
    const past = await terminate('company.admin', { accountIds: [department.id], terminationDate: '2020-01-01T00:00:00Z' });
    expect([noReason.status, noAck.status, past.status]).toEqual([400, 400, 400]);
    expect(noReason.body.Message).toBe('A reason for the termination is required');
    expect(noAck.body.Message).toBe('Confirm that the termination is irreversible');
    expect(past.body.Message).toBe('The termination date must lie in the future');
    expect((await reload(db, department)).state).toBe('Active');
    expect(await terminationsOf(department.id)).toEqual([]);
  });

  it('asks to acknowledge the auto-renew change of prepaid subscriptions, then sets them from Renew to Terminate', async () => {
    const company = await addAccount(db, 'Company', northwind, 'Prepaid Co');
    const prepaid = await addSubscription(db, company, 'Office – Prepaid Co', { productName: 'LC_TEST_PREPAID', isPrepaid: true });
    const shown = await preview('reseller.admin', [company.id]);
    expect(shown.body.Accounts).toEqual([
      expect.objectContaining({ SubtreeSize: 2, MayTerminate: true, PrepaidSubscriptions: [expect.objectContaining({ AccountId: prepaid.id, AutoRenew: 'Renew' })] }),
    ]);
    const refused = await terminate('reseller.admin', { accountIds: [company.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe('Confirm that the auto-renewal of prepaid subscriptions changes from Renew to Terminate');
    expect(await autoRenewOf(prepaid)).toBe('Renew');

    expect((await terminate('reseller.admin', { accountIds: [company.id], isAutoRenewAcknowledged: true })).status).toBe(200);
    expect(await autoRenewOf(prepaid)).toBe('Terminate');
    expect((await reload(db, prepaid)).state).toBe('Terminated');
    expect((await auditEntries(db, 'SubscriptionAutoRenewChanged', prepaid.id))[0]?.details).toEqual({ Before: 'Renew', After: 'Terminate' });
  });

  it('refuses a subscription locked beyond the date, naming it and the lock end, and takes a date after the lock', async () => {
    const company = await addAccount(db, 'Company', northwind, 'Locked Co');
    const lockEnd = new Date('2099-03-01T00:00:00Z');
    const crm = await addSubscription(db, company, 'CRM – Locked Co', { productName: 'LC_TEST_CRM', lockPeriodEndDate: lockEnd });
    expect((await preview('reseller.admin', [company.id])).body.Accounts).toEqual([
      expect.objectContaining({ LockedSubscriptions: [expect.objectContaining({ AccountId: crm.id, LockPeriodEndDate: lockEnd.toISOString() })] }),
    ]);
    const now = await terminate('reseller.admin', { accountIds: [company.id] });
    expect(now.status).toBe(409);
    expect(now.body.Message).toBe('CRM – Locked Co is locked until Mar 1, 2099 and cannot be terminated before then');
    const after = await terminate('reseller.admin', { accountIds: [company.id], terminationDate: '2099-03-02T09:00:00Z' });
    expect(after.status).toBe(200);
    expect(after.body.Terminations).toEqual([expect.objectContaining({ Status: 'Scheduled', TerminateAt: '2099-03-02T09:00:00.000Z' })]);
  });

  it('writes nothing for any account when one of several is refused', async () => {
    const free = await addAccount(db, 'Company', northwind, 'Free Co');
    const locked = await addAccount(db, 'Company', northwind, 'Still Locked Co');
    await addSubscription(db, locked, 'CRM – Still Locked Co', { productName: 'LC_TEST_CRM', lockPeriodEndDate: daysFromNow(200) });
    const result = await terminate('reseller.admin', { accountIds: [free.id, locked.id] });
    expect(result.status).toBe(409);
    expect((await reload(db, free)).state).toBe('Active');
    expect(await terminationsOf(free.id)).toEqual([]);
  });

  it('schedules a termination that the job executes at its date', async () => {
    const company = await addAccount(db, 'Company', northwind, 'Soon Gone Co');
    const member = await addAccount(db, 'User', company, 'Soon Gone User');
    const terminationDate = new Date(Date.now() + 2_000).toISOString();
    const result = await terminate('reseller.admin', { accountIds: [company.id], terminationDate });
    expect(result.status).toBe(200);
    expect((await reload(db, company)).state).toBe('Active');
    expect((await preview('reseller.admin', [company.id])).body.Accounts).toEqual([expect.objectContaining({ ScheduledTermination: expect.objectContaining({ Reason: 'Customer left' }) })]);
    await expect.poll(async () => (await reload(db, member)).state, { timeout: 20_000, interval: 250 }).toBe('Terminated');
    expect((await reload(db, company)).state).toBe('Terminated');
    expect(await terminationsOf(company.id)).toEqual([expect.objectContaining({ status: 'Done', executedAt: expect.any(Date) })]);
    expect(await auditEntries(db, 'TerminationScheduled', company.id)).toHaveLength(1);
    const [executed] = await auditEntries(db, 'AccountTerminated', company.id);
    // The job acts for the user who asked for it.
    expect(executed?.actor_account_id).toBe((await accountNamed(db, 'Nora Winters')).id);
  }, 30_000);

  it('lists a scheduled termination, refuses a second one, and cancels it', async () => {
    const company = await addAccount(db, 'Company', northwind, 'Maybe Co');
    const terminationDate = daysFromNow(10).toISOString();
    expect((await terminate('reseller.admin', { accountIds: [company.id], terminationDate })).status).toBe(200);
    const twice = await terminate('reseller.admin', { accountIds: [company.id], terminationDate });
    expect(twice.status).toBe(409);
    expect(twice.body.Message).toMatch(/^Maybe Co already has a termination scheduled for /);

    const listed = await call(server.app, 'IAccountService/ListScheduledTerminations', {}, { cookie: cookies['reseller.admin'] });
    expect(listed.body.Items).toContainEqual(expect.objectContaining({ AccountId: company.id, Reason: 'Customer left', RequestedByDisplayName: 'Nora Winters' }));
    const foreignList = await call(server.app, 'IAccountService/ListScheduledTerminations', {}, { cookie: cookies['other.admin'] });
    expect(foreignList.body.Items).not.toContainEqual(expect.objectContaining({ AccountId: company.id }));

    const cancel = () => call(server.app, 'IAccountService/CancelScheduledTermination', { accountId: company.id }, { cookie: cookies['reseller.admin'] });
    expect((await cancel()).status).toBe(200);
    expect(await terminationsOf(company.id)).toEqual([expect.objectContaining({ status: 'Cancelled', cancelledAt: expect.any(Date) })]);
    expect(await auditEntries(db, 'TerminationCancelled', company.id)).toHaveLength(1);
    const again = await cancel();
    expect(again.status).toBe(409);
    expect(again.body.Message).toBe('Maybe Co has no scheduled termination');
    expect((await reload(db, company)).state).toBe('Active');
  });

  it('lists for an account page the terminations that concern the account: its own and those of the accounts above it', async () => {
    const company = await addAccount(db, 'Company', northwind, 'Leaving Co');
    const department = await addAccount(db, 'Department', company, 'Leaving Dept');
    const member = await addAccount(db, 'User', department, 'Leaving Member');
    const bystander = await addAccount(db, 'Company', northwind, 'Staying Co');
    expect((await terminate('reseller.admin', { accountIds: [department.id], terminationDate: daysFromNow(12).toISOString() })).status).toBe(200);
    const concerning = async (accountId: number, who = 'reseller.admin') => call(server.app, 'IAccountService/ListScheduledTerminations', { accountId }, { cookie: cookies[who] });

    const own = await concerning(department.id);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ Items: [expect.objectContaining({ AccountId: department.id, DisplayName: 'Leaving Dept', RequestedByDisplayName: 'Nora Winters' })], TotalCount: 1 });
    expect((await concerning(member.id)).body.Items).toEqual([expect.objectContaining({ AccountId: department.id })]);
    expect((await concerning(company.id)).body).toEqual({ Items: [], TotalCount: 0 });
    expect((await concerning(bystander.id)).body).toEqual({ Items: [], TotalCount: 0 });
    const foreign = await concerning(department.id, 'other.admin');
    const missing = await concerning(987_654, 'other.admin');
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
  });

  it("answers 403 alike for a foreign, a missing or a forbidden account, and refuses the caller's own branch", async () => {
    const contoso = await accountNamed(db, 'Contoso Ltd');
    const foreign = await terminate('other.admin', { accountIds: [contoso.id] });
    const missing = await terminate('other.admin', { accountIds: [987_654] });
    const forbidden = await terminate('company.user', { accountIds: [(await accountNamed(db, 'Carl Jensen')).id] });
    const foreignCancel = await call(server.app, 'IAccountService/CancelScheduledTermination', { accountId: contoso.id }, { cookie: cookies['other.admin'] });
    const foreignPreview = await preview('other.admin', [contoso.id]);
    expect([foreign.status, missing.status, forbidden.status, foreignCancel.status, foreignPreview.status]).toEqual([403, 403, 403, 403, 403]);
    expect(foreign.body).toEqual(missing.body);
    expect(forbidden.body).toEqual(missing.body);
    const own = await terminate('company.admin', { accountIds: [contoso.id] });
    expect(own.status).toBe(400);
    expect(own.body.Message).toBe('Contoso Ltd cannot be terminated because your own account belongs to it');
  });

  it('shows a caller without Delete that they may not terminate', async () => {
    const carl = await accountNamed(db, 'Carl Jensen');
    const result = await preview('company.user', [carl.id]);
    expect(result.status).toBe(200);
    expect(result.body.Accounts).toEqual([expect.objectContaining({ AccountId: carl.id, MayTerminate: false, PrepaidSubscriptions: [] })]);
  });

  it('keeps a terminated subtree read-only: no second termination, no move of it or into it', async () => {
    const company = await addAccount(db, 'Company', northwind, 'Finished Co');
    const member = await addAccount(db, 'User', company, 'Finished User');
    expect((await terminate('reseller.admin', { accountIds: [company.id] })).status).toBe(200);
    const again = await terminate('reseller.admin', { accountIds: [member.id] });
    expect(again.status).toBe(409);
    expect(again.body.Message).toBe('Finished User is terminated and can no longer be changed');
    const moveOut = await call(server.app, 'IAccountService/MoveAccount', { sourceAccountId: member.id, newParentAccountId: (await accountNamed(db, 'Contoso Ltd')).id }, { cookie: cookies['reseller.admin'] });
    const moveIn = await call(server.app, 'IAccountService/MoveAccount', { sourceAccountId: (await accountNamed(db, 'Carl Jensen')).id, newParentAccountId: company.id }, { cookie: cookies['reseller.admin'] });
    expect([moveOut.status, moveIn.status]).toEqual([409, 409]);
  });
});

describe('TerminateAccount (integration call, a public contract)', () => {
  it('plays as a partner script: Authenticate, then terminate now and schedule another, with the requester recorded', async () => {
    const auth = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'reseller.admin', password: 'Demo-Password-2024!' });
    const cookie = auth.response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const terminatorId = auth.body.UserAccountId as number;
    const now = await addAccount(db, 'Company', northwind, 'Script Now Co');
    const prepaid = await addSubscription(db, now, 'Office – Script Now Co', { productName: 'LC_TEST_PREPAID', isPrepaid: true });
    const later = await addAccount(db, 'Company', northwind, 'Script Later Co');

    const immediate = await call(server.app, 'IAccountService/TerminateAccount', { accountId: now.id, sendToSdp: true, terminationDate: null, terminatorId }, { cookie });
    expect(immediate.status).toBe(200);
    expect(immediate.response.body).toBe('null');
    expect((await reload(db, now)).state).toBe('Terminated');
    expect(await autoRenewOf(prepaid)).toBe('Terminate');
    expect(await terminationsOf(now.id)).toEqual([expect.objectContaining({ status: 'Done', sendToSdp: true, requestedByAccountId: terminatorId, reason: '' })]);

    const scheduled = await call(server.app, 'IAccountService/TerminateAccount', { accountId: later.id, sendToSdp: false, terminationDate: '2098-12-31T23:00:00+01:00', terminatorId }, { cookie });
    expect(scheduled.status).toBe(200);
    expect(await terminationsOf(later.id)).toEqual([expect.objectContaining({ status: 'Scheduled', terminateAt: new Date('2098-12-31T22:00:00Z') })]);
  });

  it('answers 400 naming terminatorId when it is not a user in the caller\'s hierarchy, and 400 naming an unknown field', async () => {
    const target = await addAccount(db, 'Company', northwind, 'Script Refused Co');
    const foreignUser = (await accountNamed(db, 'Omar Haddad')).id;
    const body = { accountId: target.id, sendToSdp: false, terminationDate: null };
    const foreign = await call(server.app, 'IAccountService/TerminateAccount', { ...body, terminatorId: foreignUser }, { cookie: cookies['reseller.admin'] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.Message).toContain('terminatorId');
    const unknown = await call(server.app, 'IAccountService/TerminateAccount', { ...body, terminatorId: null, reasonCode: 7 }, { cookie: cookies['reseller.admin'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toContain('reasonCode');
    expect((await reload(db, target)).state).toBe('Active');
  });
});
