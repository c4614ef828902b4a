/**
 * The height of the full layout's bottom dock (messages, consent banner, footer action bar), kept as a
 * CSS variable on the root element, so that what floats above the dock (the chatbot) and what focus
 * scrolls into view (WCAG 2.4.11, the theme's scroll padding) keeps clear of it.
 */
export const BOTTOM_DOCK_HEIGHT = '--cmp-bottom-dock-height';

/** `offset` above the dock, as a CSS length. */
export const aboveBottomDock = (offset: string) => `calc(var(${BOTTOM_DOCK_HEIGHT}, 0px) + ${offset})`;

/** Keeps the variable equal to the element's height until the returned function is called. */
export function publishBottomDockHeight(element: HTMLElement): () => void {
  const root = document.documentElement;
  const publish = () => root.style.setProperty(BOTTOM_DOCK_HEIGHT, `${element.offsetHeight}px`);
  publish();
  // jsdom (component tests) has no ResizeObserver; the first height is enough there.
  const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish);
  observer?.observe(element);
  return () => {
    observer?.disconnect();
    root.style.removeProperty(BOTTOM_DOCK_HEIGHT);
  };
}
