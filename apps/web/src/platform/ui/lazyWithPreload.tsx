import { createElement, lazy, useState, type ComponentType } from 'react';

export type PreloadableComponent<Props extends object> = ComponentType<Props> & {
  /** Starts loading the component's chunk; once loaded, it renders without suspending. */
  preload: () => Promise<ComponentType<Props>>;
};

/**
 * React.lazy that can be loaded ahead of its first render (issue 12: the first screen's chunks load
 * in parallel with the current user). React.lazy suspends on its first render even when its chunk
 * is already here, and React then shows the fallback and reveals the content at least 300 ms later;
 * a component preloaded in time renders straight away instead.
 */
export function lazyWithPreload<Props extends object>(load: () => Promise<ComponentType<Props>>): PreloadableComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed chunk (a deployment replaced it) is asked for again on the next attempt.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));

  function PreloadedOrLazy(props: Props) {
    // Chosen once per mounted instance: switching from the lazy wrapper to the loaded component
    // later would remount it and lose its state.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(PreloadedOrLazy, { preload });
}
