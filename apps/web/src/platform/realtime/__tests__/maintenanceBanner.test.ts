import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { createMessageStore, type MessageStore } from '../../messages/messageStore';
import { MaintenanceBanner } from '../maintenanceBanner';

let store: MessageStore;
let reload: ReturnType<typeof vi.fn<() => void>>;
let banner: MaintenanceBanner;

const shown = () => store.getSnapshot().filter((message) => message.name === 'maintenance');
const bannerText = () => shown()[0]?.text;

beforeEach(() => {
  vi.useFakeTimers();
  store = createMessageStore();
  reload = vi.fn<() => void>();
  banner = new MaintenanceBanner({
    show: store.add,
    remove: store.remove,
    isShown: (id) => store.getSnapshot().some((message) => message.id === id),
    text: (key, values) => i18next.t(key, values),
    reload,
  });
});
afterEach(() => {
  banner.clear();
  vi.useRealTimers();
});

describe('maintenance banner (spec §4 Maintenance)', () => {
  it('says maintenance soon for true, as a closable warning, and removes it for false', () => {
    banner.announce(true);
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toMatchObject({ type: 'warning', isClosable: true, text: 'The portal will be down for maintenance soon. Save all your progress.' });
    banner.announce(false);
    expect(shown()).toHaveLength(0);
  });

  it('counts down in whole minutes until 60 s are left, then per second, non-closable', () => {
    banner.announce(185);
    expect(bannerText()).toBe('The portal goes down for maintenance in 3 min. Save all your progress.');
    expect(shown()[0]!.isClosable).toBe(true);
    vi.advanceTimersByTime(5_000);
    expect(bannerText()).toContain('in 3 min.');
    vi.advanceTimersByTime(1_000);
    expect(bannerText()).toContain('in 2 min.');
    vi.advanceTimersByTime(59_000);
    expect(bannerText()).toContain('in 2 min.');
    vi.advanceTimersByTime(1_000);
    expect(bannerText()).toContain('in 1 min.');
    vi.advanceTimersByTime(58_999);
    expect(bannerText()).toContain('in 1 min.');
    vi.advanceTimersByTime(1);
    expect(bannerText()).toContain('in 60 s.');
    expect(shown()[0]!.isClosable).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(bannerText()).toContain('in 59 s.');
    vi.advanceTimersByTime(58_000);
    expect(bannerText()).toContain('in 1 second.');
    expect(shown()).toHaveLength(1);
  });

  it('shows the ongoing warning at zero and reloads the page 60 s after the start', () => {
    banner.announce(3);
    vi.advanceTimersByTime(3_000);
    expect(shown()[0]).toMatchObject({ type: 'warning', isClosable: false, text: 'Maintenance is in progress. The page reloads in a moment.' });
    vi.advanceTimersByTime(59_999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('keeps a closed banner closed while minutes are counted and brings it back for the last minute', () => {
    banner.announce(150);
    store.remove(shown()[0]!.id);
    vi.advanceTimersByTime(30_000);
    expect(shown()).toHaveLength(0);
    vi.advanceTimersByTime(60_000);
    expect(bannerText()).toContain('in 60 s.');
    expect(shown()[0]!.isClosable).toBe(false);
  });

  it('removes the banner and stops the countdown when cleared (an empty message)', () => {
    banner.announce(90);
    banner.clear();
    expect(shown()).toHaveLength(0);
    vi.advanceTimersByTime(200_000);
    expect(shown()).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it('replaces a running countdown with a new announcement', () => {
    banner.announce(600);
    banner.announce(45);
    expect(shown()).toHaveLength(1);
    expect(bannerText()).toContain('in 45 s.');
  });
});
