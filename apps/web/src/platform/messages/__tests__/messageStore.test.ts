import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMessageStore, type MessageStore } from '../messageStore';

let store: MessageStore;
const texts = () => store.getSnapshot().map((message) => message.text);

beforeEach(() => {
  vi.useFakeTimers();
  store = createMessageStore();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('messages (spec §4 Messages)', () => {
  it('closes a success message after 5000 ms by default', () => {
    store.add({ type: 'success', text: 'Saved' });
    vi.advanceTimersByTime(4999);
    expect(texts()).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('closes a success message after its own closeDelay, and keeps it when the delay is 0', () => {
    store.add({ type: 'success', text: 'Quick', closeDelay: 1000 });
    store.add({ type: 'success', text: 'Sticky', closeDelay: 0 });
    vi.advanceTimersByTime(1000);
    expect(texts()).toEqual(['Sticky']);
    vi.advanceTimersByTime(60_000);
    expect(texts()).toEqual(['Sticky']);
  });

  it('keeps an error until it is removed, even with a closeDelay', () => {
    const id = store.add({ type: 'error', text: 'Unable to save changes', closeDelay: 1000 });
    vi.advanceTimersByTime(60_000);
    expect(texts()).toEqual(['Unable to save changes']);
    store.remove(id);
    expect(texts()).toEqual([]);
  });

  it('replaces a message with the same name in place, with the new timer', () => {
    store.add({ type: 'error', text: 'First failure', name: 'save' });
    store.add({ type: 'info', text: 'Unrelated' });
    vi.advanceTimersByTime(3000);
    store.add({ type: 'success', text: 'Saved after all', name: 'save' });
    expect(texts()).toEqual(['Saved after all', 'Unrelated']);
    vi.advanceTimersByTime(4999);
    expect(texts()).toEqual(['Saved after all', 'Unrelated']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual(['Unrelated']);
  });

  it('does not let the timer of a replaced message close its replacement', () => {
    store.add({ type: 'success', text: 'Old', name: 'status', closeDelay: 1000 });
    store.add({ type: 'success', text: 'New', name: 'status', closeDelay: 0 });
    vi.advanceTimersByTime(5000);
    expect(texts()).toEqual(['New']);
  });

  it('tells subscribers about every change', () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.add({ type: 'error', text: 'Oops' });
    store.remove(id);
    unsubscribe();
    store.add({ type: 'error', text: 'Unheard' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
