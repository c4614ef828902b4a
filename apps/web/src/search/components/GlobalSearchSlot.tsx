import { lazy, Suspense, type ComponentType } from 'react';

// The header is in the portal's first download, which is at its size budget: the search field and
// everything behind it load as their own chunk once the header shows.
async function loadGlobalSearch(): Promise<{ default: ComponentType }> {
  try {
    return { default: (await import('./GlobalSearch')).GlobalSearch };
  } catch (error) {
    // A failed chunk (a deployment replaced it) costs the search field, not the whole header.
    console.error('The global search could not be loaded', error);
    return { default: () => null };
  }
}
const GlobalSearch = lazy(loadGlobalSearch);

/** spec §2 "Global search" in the header. */
export function GlobalSearchSlot() {
  return (
    <Suspense fallback={null}>
      <GlobalSearch />
    </Suspense>
  );
}
