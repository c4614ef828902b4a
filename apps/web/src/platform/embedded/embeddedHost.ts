import { useEffect, useSyncExternalStore } from 'react';
import { messageStore, type Message } from '../messages/messageStore';

/**
 * Embedded mode (spec §1 "runs standalone or embedded in a host navigation shell", §2 "a user-data
 * object is present", §4 "Embedded mode forwards add and remove to the host shell").
 *
 * The host provides its user-data object through a postMessage handshake (chosen over a
 * `window.__HOST_USER_DATA__` global, which a host cannot set reliably before a framed page starts):
 *   1. the framed portal posts `{type: 'cmp:embedded-hello'}` to `window.parent`;
 *   2. the host answers the frame with `{type: 'cmp:host-user-data', userData: {…}}`;
 *   3. from then on the portal hides its own header and footer and posts
 *      `{type: 'cmp:message', action: 'add' | 'remove', message}` to the host for every message.
 * Messages can carry what the user sees, so the portal talks only to a host of its own origin (a
 * shell served through the same site): the hello is posted with that target origin and only an
 * answer from the parent window with that origin counts. See /embedded-demo.html.
 */
export const HELLO_TYPE = 'cmp:embedded-hello';
export const USER_DATA_TYPE = 'cmp:host-user-data';
export const MESSAGE_TYPE = 'cmp:message';

export interface EmbeddedState {
  isEmbedded: boolean;
  hostOrigin?: string;
  userData?: Record<string, unknown>;
}

let state: EmbeddedState = { isEmbedded: false };
const listeners = new Set<() => void>();
let isStarted = false;

export function embeddedState(): EmbeddedState {
  return state;
}

export function isEmbedded(): boolean {
  return state.isEmbedded;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the portal runs inside a host shell; starts the handshake on first use. */
export function useIsEmbedded(): boolean {
  useEffect(() => startEmbeddedHandshake(), []);
  return useSyncExternalStore(subscribe, () => state.isEmbedded);
}

/** Says hello to a parent window, if any, and waits for its user data. Safe to call more than once. */
export function startEmbeddedHandshake(win: Window = window): void {
  if (isStarted || win.parent === win) return;
  isStarted = true;
  const ownOrigin = win.location.origin;
  win.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== win.parent || event.origin !== ownOrigin) return;
    const data = event.data as { type?: unknown; userData?: unknown } | null;
    if (data?.type !== USER_DATA_TYPE || typeof data.userData !== 'object' || data.userData === null) return;
    const isFirst = !state.isEmbedded;
    state = { isEmbedded: true, hostOrigin: event.origin, userData: data.userData as Record<string, unknown> };
    if (isFirst) messageStore.forwardTo((action, message) => forwardToHost(win, action, message));
    listeners.forEach((listener) => listener());
  });
  win.parent.postMessage({ type: HELLO_TYPE }, ownOrigin);
}

function forwardToHost(win: Window, action: 'add' | 'remove', message: Message): void {
  if (!state.hostOrigin) return;
  win.parent.postMessage({ type: MESSAGE_TYPE, action, message }, state.hostOrigin);
}
