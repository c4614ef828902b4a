import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { SessionUser } from '@cmp/contracts/auth';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { installFakeFetch } from '../../../test/fakeFetch';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../session/currentUser';
import { LiveNotifications } from '../LiveNotifications';
import { reloadPage } from '../reloadPage';
import { FakeSocket } from './FakeSocket';

vi.mock('../reloadPage', () => ({ reloadPage: vi.fn() }));

const latest = () => FakeSocket.created[FakeSocket.created.length - 1]!;
let serverUser: SessionUser;

function renderSignedIn(user = buildSessionUser()) {
  const view = renderWithProviders(<LiveNotifications user={user} />);
  view.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  act(() => latest().open());
  return view;
}

beforeEach(() => {
  FakeSocket.created = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  serverUser = buildSessionUser();
  installFakeFetch(() => ({ body: serverUser }));
  vi.mocked(reloadPage).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('LiveNotifications (spec §4 Real-time channel)', () => {
  it('connects with the webclient subprotocol and names the signed-in session', () => {
    renderSignedIn();
    // spec §7: /ws/ in development (the test runs as development), / in production.
    expect(latest().url).toBe(`ws://${window.location.host}${import.meta.env.DEV ? '/ws/' : '/'}`);
    expect(latest().protocol).toBe('webclient');
    expect(latest().sent).toEqual([{ type: 'auth', sessionId: 'session-1', userId: 1203 }]);
  });

  it('shows the maintenance countdown in the message area, and removes it for an empty message', async () => {
    renderSignedIn();
    act(() => latest().receive({ type: 'maintenance', mode: 600 }));
    expect(await screen.findByText('The portal goes down for maintenance in 10 min. Save all your progress.')).toBeInTheDocument();
    act(() => latest().receive({ type: 'message', text: '' }));
    expect(screen.queryByText(/goes down for maintenance/)).not.toBeInTheDocument();
  });

  it("shows the administrators' message", async () => {
    renderSignedIn();
    act(() => latest().receive({ type: 'message', text: 'New prices from Monday' }));
    expect(await screen.findByText('New prices from Monday')).toBeInTheDocument();
    expect(screen.getByText('Message from the administrators')).toBeInTheDocument();
  });

  it('shows a business event once, however often it is delivered, with a link to its screen', async () => {
    localStorage.clear();
    renderSignedIn();
    const approved = { type: 'event', id: 41, event: 'OrderApproved', values: { orderId: '17', service: 'Nimbus Endpoint', reason: '' }, link: '/orders/my-orders' } as const;
    act(() => latest().receive(approved));
    const text = await screen.findByText(/Your order 17 for Nimbus Endpoint has been approved\./);
    expect(screen.getByText('Order approved')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '#/orders/my-orders');
    // The server replays recent events to a socket that signs in again: the same id is not shown twice.
    act(() => latest().receive(approved));
    act(() => latest().receive({ ...approved, id: 42, event: 'OrderDeclined', values: { orderId: '18', service: 'Nimbus Endpoint', reason: 'Budget' } }));
    expect(await screen.findByText(/Your order 18 for Nimbus Endpoint has been declined\./)).toBeInTheDocument();
    expect(screen.getAllByText(/Your order 17/)).toEqual([text]);
  });

  it('on updatecapabs loads the user again and keeps the page while Login/Execute remains', async () => {
    const { queryClient } = renderSignedIn();
    serverUser = buildSessionUser({ Capability: [capability('LOGIN', { Execute: true }), capability('REPORTING', { Read: true })] });
    act(() => latest().receive({ type: 'updatecapabs' }));
    await vi.waitFor(() => expect(queryClient.getQueryData<SessionUser>(CURRENT_USER_QUERY_KEY)?.Capability).toHaveLength(2));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('reloads the page when updatecapabs takes Login/Execute away', async () => {
    renderSignedIn();
    serverUser = buildSessionUser({ Capability: [capability('REPORTING', { Read: true })] });
    act(() => latest().receive({ type: 'updatecapabs' }));
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
  });

  it('closes the socket when the layout goes (sign-out)', () => {
    const { unmount } = renderSignedIn();
    const socket = latest();
    unmount();
    expect(socket.closedWith?.code).toBe(1000);
  });
});
