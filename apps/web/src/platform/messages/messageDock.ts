/**
 * Where the current layout wants messages shown (issue 10 item 14: not over the page's controls).
 * The full layout gives a place in its bottom dock, in the page flow; without one (plain layout,
 * loading screen) the messages float in a corner of a page that has no controls there.
 */
let dock: HTMLElement | null = null;
const listeners = new Set<() => void>();

export const messageDock = {
  get: () => dock,
  /** A callback ref: the layout's element, or null when it leaves. */
  set(element: HTMLElement | null) {
    if (element === dock) return;
    dock = element;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
