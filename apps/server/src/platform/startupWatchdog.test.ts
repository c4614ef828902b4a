import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_START_TIMEOUT_SECONDS, parseStartTimeoutSeconds, startStartupWatchdog } from './startupWatchdog';

describe('start-up watchdog', () => {
  afterEach(() => vi.useRealTimers());

  it('reads START_TIMEOUT_SECONDS and refuses what is not a whole number of seconds', () => {
    expect(parseStartTimeoutSeconds(undefined)).toBe(DEFAULT_START_TIMEOUT_SECONDS);
    expect(parseStartTimeoutSeconds(' 45 ')).toBe(45);
    expect(parseStartTimeoutSeconds('0')).toBe(0);
    expect(() => parseStartTimeoutSeconds('1.5')).toThrow(/START_TIMEOUT_SECONDS/);
    expect(() => parseStartTimeoutSeconds('9999')).toThrow(/0 to 3600/);
  });

  it('names the step that never ended when the time is up, and the steps that did', async () => {
    vi.useFakeTimers();
    const onTimeout = vi.fn();
    const watchdog = startStartupWatchdog(30, onTimeout);
    await watchdog.step('loading the modules', Promise.resolve(1));
    void watchdog.step('opening the database', new Promise(() => {}));
    vi.advanceTimersByTime(29_000);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onTimeout).toHaveBeenCalledOnce();
    expect(onTimeout.mock.calls[0]![0]).toMatch(/still running: opening the database \(30\.0 s\); finished: loading the modules/);
  });

  it('stays quiet once start-up is done, and when turned off', () => {
    vi.useFakeTimers();
    const onTimeout = vi.fn();
    startStartupWatchdog(10, onTimeout).done();
    startStartupWatchdog(0, onTimeout);
    vi.advanceTimersByTime(60_000);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('answers at the end the steps with how long each took, for the start line', async () => {
    vi.useFakeTimers();
    const watchdog = startStartupWatchdog(10, vi.fn());
    const opening = watchdog.step('opening the database', new Promise((resolve) => setTimeout(resolve, 1_200)));
    await vi.advanceTimersByTimeAsync(1_200);
    await opening;
    await watchdog.step('listening', Promise.resolve());
    expect(watchdog.done()).toBe('opening the database (1.2 s), listening (0.0 s)');
  });
});
