import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import {
  getBackgroundJobsResponseSchema,
  getSignedInSessionsResponseSchema,
  getSsoProvidersResponseSchema,
  JOB_STATES,
  retryJobRequestSchema,
  type BackgroundJobs,
  type SignedInSession,
} from '@cmp/contracts/adminConsole';
import { emptyRequestSchema, okResponseSchema } from '@cmp/contracts/auth';
import { getDataChecksResponseSchema, type GetDataChecksResponse } from '@cmp/contracts/dataChecks';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { capability, buildSessionUser } from '../../../test/buildSessionUser';
import { bodiesSentTo, operation, operationFailure } from '../../../test/apiHandlers';
import { apiServer } from '../../../test/apiServer';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { AdminConsoleScreen } from '../AdminConsoleScreen';

const counts = (failed: number) => Object.fromEntries(JOB_STATES.map((state) => [state, state === 'failed' ? failed : 0])) as BackgroundJobs['Queues'][number]['Counts'];
const jobs: BackgroundJobs = {
  Queues: [
    { Name: 'billing.run', Counts: counts(0) },
    { Name: 'admin-console.resend-mail', Counts: counts(1) },
  ],
  FailedJobs: [{ JobId: '0b6f7e51-3c34-4d0e-9a8f-1e2b3c4d5e6f', Queue: 'admin-console.resend-mail', Error: 'connect ECONNREFUSED 127.0.0.1:25', RetryCount: 2, CreatedAt: '2026-11-27T10:00:00.000Z', FailedAt: '2026-11-27T10:00:05.000Z' }]
};
const session = (overrides: Partial<SignedInSession>): SignedInSession => ({
  SessionId: 'a0000000-0000-4000-8000-000000000001',
  UserAccountId: 9,
  Username: 'company.user',
  DisplayName: 'Carl Jensen',
  CompanyName: 'Contoso Ltd',
  ImpersonatorName: null,
  Ip: '10.0.0.7',
  UserAgent: 'Firefox',
  StartedAt: '2026-11-27T09:00:00.000Z',
  LastSeenAt: '2026-11-27T10:00:00.000Z',
  ExpiresAt: '2026-11-27T21:00:00.000Z',
  IsCurrent: false,
  ...overrides,
});

// Issue 30: one request provisioned at the vendor without a subscription; the other checks find nothing.
const dataChecks: GetDataChecksResponse = {
  CheckedAt: '2026-11-27T10:00:00.000Z',
  Checks: [
    { Check: 'ProvisionedWithoutSubscription', Total: 1, Findings: [{ RecordId: 4711, AccountId: 12, AccountName: 'Contoso Ltd', ProductName: 'SKYLINE_BACKUP', OrderId: 1, InvoiceId: null, Status: 'Completed / Active' }] },
    { Check: 'ActiveSubscriptionWithoutProvisioning', Total: 0, Findings: [] },
    { Check: 'InvoiceLineWithoutSubscription', Total: 0, Findings: [] },
  ],
};

function renderConsole(path: string, flags: { Read: boolean; Execute?: boolean } = { Read: true, Execute: true }) {
  apiServer.use(
    operation('IAdminConsoleService/GetBackgroundJobs', { request: emptyRequestSchema, response: getBackgroundJobsResponseSchema }, () => jobs),
    operation('IAdminConsoleService/RetryBackgroundJob', { request: retryJobRequestSchema, response: okResponseSchema }, () => ({ Success: true })),
    operation('IAdminConsoleService/GetSignedInSessions', { request: emptyRequestSchema, response: getSignedInSessionsResponseSchema }, () => ({
      Sessions: [session({}), session({ SessionId: 'a0000000-0000-4000-8000-000000000002', Username: 'admin', DisplayName: 'Alex Morgan', IsCurrent: true })],
    })),
    operation('IAdminConsoleService/GetDataChecks', { request: emptyRequestSchema, response: getDataChecksResponseSchema }, () => dataChecks),
    operation('IAdminConsoleService/GetSsoProvidersInUse', { request: emptyRequestSchema, response: getSsoProvidersResponseSchema }, () =>
      operationFailure(403, 'Only administrators of the platform owner can use this part of the administration.'),
    ),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/admin-console/:methodName?" element={<AdminConsoleScreen />} />
    </Routes>,
    { path },
  );
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: [capability('ADMINISTRATIVE', flags)] }));
  return rendered;
}

describe('AdminConsoleScreen (issue 17)', () => {
  it('lists its pages on the left, marks the current one and moves between them by keyboard', async () => {
    const user = userEvent.setup();
    const { currentPath } = renderConsole('/admin-console/BackgroundJobs');
    const nav = screen.getByRole('navigation', { name: 'Administration pages' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Instance settings',
      'Maintenance and messages',
      'Run billing',
      'Mail outbox',
      'Background jobs',
      'Connected sessions',
      'SSO providers',
      'Data checks',
    ]);
    expect(within(nav).getByRole('link', { name: 'Background jobs' })).toHaveAttribute('aria-current', 'page');
    within(nav).getByRole('link', { name: 'Mail outbox' }).focus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(currentPath()).toBe('/admin-console/BackgroundJobs');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(currentPath()).toBe('/admin-console/Sessions');
  });

  it('lists the rows each data check finds by id, and says which checks found none', async () => {
    renderConsole('/admin-console/DataChecks');
    expect(await screen.findByText('Inconsistencies found: 1.')).toBeInTheDocument();
    const provisioned = screen.getByRole('table', { name: 'Provisioned at the vendor without a subscription' });
    expect(within(provisioned).getByRole('row', { name: /4711/ })).toHaveTextContent(/4711Contoso LtdSKYLINE_BACKUPOrder 1Completed \/ Active/);
    expect(screen.getByRole('heading', { level: 3, name: 'Invoice lines without a subscription' })).toBeInTheDocument();
    expect(screen.getAllByText('None found.')).toHaveLength(2);
  });

  it('shows the queues with their counts and retries a failed job after a confirmation', async () => {
    const user = userEvent.setup();
    renderConsole('/admin-console/BackgroundJobs');
    const queues = await screen.findByRole('table', { name: 'Queues' });
    expect(within(queues).getByRole('row', { name: /admin-console\.resend-mail/ })).toHaveTextContent('1');
    const failed = screen.getByRole('table', { name: 'Failed jobs' });
    expect(failed).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:25');
    await user.click(within(failed).getByRole('button', { name: /^Retry the admin-console\.resend-mail job/ }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Retry this job?' })).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bodiesSentTo('IAdminConsoleService/RetryBackgroundJob')).toEqual([{ queue: 'admin-console.resend-mail', jobId: jobs.FailedJobs[0]!.JobId }]));
  });

  it('offers to end other sessions, not the caller’s own, and only with Administrative Execute', async () => {
    renderConsole('/admin-console/Sessions');
    const table = await screen.findByRole('table', { name: 'Connected sessions' });
    expect(within(table).getByRole('button', { name: 'End the session of Carl Jensen (company.user)' })).toBeInTheDocument();
    expect(within(table).getByText('Your session')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^End the session/ })).toHaveLength(1);
  });

  it('shows no action to a reader without Execute', async () => {
    renderConsole('/admin-console/Sessions', { Read: true });
    await screen.findByRole('table', { name: 'Connected sessions' });
    expect(screen.queryByRole('button', { name: /^End the session/ })).not.toBeInTheDocument();
  });

  it('tells why a page is not the caller’s, and that a page does not exist', async () => {
    renderConsole('/admin-console/SsoProviders');
    expect(await screen.findByText('Only administrators of the platform owner can use this part of the administration.')).toBeInTheDocument();
  });

  it('says so for an unknown methodName', () => {
    renderConsole('/admin-console/Nope');
    expect(screen.getByRole('heading', { level: 2, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('The administration has no page called “Nope”. Choose a page from the list.')).toBeInTheDocument();
  });
});
