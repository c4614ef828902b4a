import { describe, expect, it, vi } from 'vitest';
import { messageStore } from '../../messages/messageStore';
import { HELLO_TYPE, MESSAGE_TYPE, USER_DATA_TYPE, isEmbedded, startEmbeddedHandshake } from '../embeddedHost';

describe('embedded mode handshake (spec §1, §2, §4)', () => {
  it('says hello to a same-origin parent, turns embedded on its user data and forwards messages', () => {
    const parent = { postMessage: vi.fn() };
    let onMessage: (event: Partial<MessageEvent>) => void = () => undefined;
    const frame = {
      parent,
      location: { origin: 'https://portal.example' },
      addEventListener: (_type: string, listener: typeof onMessage) => (onMessage = listener),
    } as unknown as Window;

    startEmbeddedHandshake(frame);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: HELLO_TYPE }, 'https://portal.example');

    // Answers from another origin or another window do not count.
    onMessage({ source: parent as never, origin: 'https://evil.example', data: { type: USER_DATA_TYPE, userData: {} } });
    onMessage({ source: {} as never, origin: 'https://portal.example', data: { type: USER_DATA_TYPE, userData: {} } });
    expect(isEmbedded()).toBe(false);

    onMessage({ source: parent as never, origin: 'https://portal.example', data: { type: USER_DATA_TYPE, userData: { user: 'host' } } });
    expect(isEmbedded()).toBe(true);

    const id = messageStore.add({ type: 'error', text: 'Upload failed' });
    messageStore.remove(id);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: MESSAGE_TYPE, action: 'add', message: expect.objectContaining({ id, text: 'Upload failed' }) }, 'https://portal.example');
    expect(parent.postMessage).toHaveBeenCalledWith({ type: MESSAGE_TYPE, action: 'remove', message: expect.objectContaining({ id }) }, 'https://portal.example');
  });
});
