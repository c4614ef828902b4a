import { describe, expect, it, vi } from 'vitest';
import { createMessageStore } from '../../messages/messageStore';

describe('message forwarding (spec §4: embedded mode forwards add and remove to the host shell)', () => {
  it('tells a forwarder of every add and remove, including a replaced message and an auto-close', () => {
    const timers: (() => void)[] = [];
    const store = createMessageStore({ setTimeout: (callback) => timers.push(callback), clearTimeout: () => undefined });
    const forwarder = vi.fn();
    store.forwardTo(forwarder);

    const first = store.add({ type: 'error', text: 'Upload failed', name: 'upload' });
    store.add({ type: 'error', text: 'File format not supported', name: 'upload' });
    store.add({ type: 'success', text: 'Saved' });
    timers.at(-1)!();

    expect(forwarder.mock.calls.map(([action, message]) => `${action} ${message.text}`)).toEqual([
      'add Upload failed',
      'remove Upload failed',
      'add File format not supported',
      'add Saved',
      'remove Saved',
    ]);
    expect(forwarder.mock.calls[0][1].id).toBe(first);
  });
});
