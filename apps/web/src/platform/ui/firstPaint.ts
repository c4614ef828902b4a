import { startTransition, useEffect, useState } from 'react';
import { onlineManager } from '@tanstack/react-query';

/**
 * Work the first screen does not show waits until it is painted (issue 12). A request made while the
 * first render commits — a card's report, the live channel's code, the support details — went out
 * before the page had painted, and the paint waited behind its work: each such request is one more
 * round trip before the largest paint on a slow network.
 *
 * Painted by default, so that screens rendered any other way (component tests) wait for nothing; the
 * portal's start-up holds it from its first render until the frame after that render was drawn.
 */
let painted = true;
const listeners = new Set<() => void>();

// A hidden tab draws no frames: past this the page counts as painted all the same.
const LONGEST_WAIT_MS = 2_000;

function markPainted(): void {
  if (painted) return;
  painted = true;
  // Queries started during the first render were held as if offline (TanStack Query pauses them); they
  // go now, unless the browser really is offline.
  onlineManager.setOnline(navigator.onLine);
  for (const listener of listeners) listener();
}

/** Holds queries and `useFirstPaintDone` until `useMarkFirstPaint` has seen the first render painted. */
export function holdUntilFirstPaint(): void {
  painted = false;
  onlineManager.setOnline(false);
  setTimeout(markPainted, LONGEST_WAIT_MS);
}

/**
 * In the component the first render commits (the app): releases what waits for the first paint. An
 * effect runs after the commit; its animation frame runs before the next frame is drawn, the task
 * it queues after that.
 */
export function useMarkFirstPaint(): void {
  useEffect(() => {
    if (painted) return;
    const frame = requestAnimationFrame(() => setTimeout(markPainted, 0));
    return () => cancelAnimationFrame(frame);
  }, []);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the first screen has been painted: what it does not show renders only then. The change
 * renders as a transition, in slices between frames: an external store's update (useSyncExternalStore)
 * renders in one blocking task, and what waited for the paint made the load's longest task after it
 * (issue 12, total blocking time).
 */
export function useFirstPaintDone(): boolean {
  const [isDone, setDone] = useState(painted);
  useEffect(() => {
    if (isDone) return;
    const done = () => startTransition(() => setDone(true));
    // Painted between this render and its effect: no notice is coming.
    if (painted) {
      done();
      return;
    }
    return subscribe(done);
  }, [isDone]);
  return isDone;
}
