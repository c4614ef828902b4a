import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_STORAGE_KEY, readConsent, type ConsentChoice } from '../consentStore';
import { waitForConsent } from '../waitForConsent';

describe('waitForConsent (spec §9: up to 180 s, polled every 200 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves with the choice for the service once the user has chosen', async () => {
    const stored: { choice?: ConsentChoice } = {};
    const result = waitForConsent('analytics', { read: () => stored.choice });
    await vi.advanceTimersByTimeAsync(1000);
    stored.choice = { analytics: true, chat: false, decidedAt: '2026-01-01T00:00:00.000Z' };
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe(true);
    await expect(waitForConsent('chat', { read: () => stored.choice })).resolves.toBe(false);
  });

  it('gives up with false after 180 s without a choice', async () => {
    const read = vi.fn(() => undefined);
    const result = waitForConsent('analytics', { read });
    await vi.advanceTimersByTimeAsync(180_000);
    await expect(result).resolves.toBe(false);
    expect(read.mock.calls.length).toBe(901);
  });
});

describe('readConsent', () => {
  it('reads the stored choice and ignores anything else', () => {
    const storage = (value: string | null) => ({ getItem: (key: string) => (key === CONSENT_STORAGE_KEY ? value : null) });
    expect(readConsent(storage('{"analytics":true,"chat":false,"decidedAt":"2026-01-01"}'))).toEqual({ analytics: true, chat: false, decidedAt: '2026-01-01' });
    expect(readConsent(storage('{"analytics":"yes"}'))).toBeUndefined();
    expect(readConsent(storage('not json'))).toBeUndefined();
    expect(readConsent(storage(null))).toBeUndefined();
  });
});
