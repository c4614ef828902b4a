import { Suspense, type ComponentType } from 'react';
import { lazyWithPreload } from '../../platform/ui/lazyWithPreload';

// The search field and everything behind it are a chunk of their own (entry size budget), asked for
// as soon as the header's code is here, so that it shows with the header and never wraps it later (issue 12).
async function loadGlobalSearch(): Promise<ComponentType> {
  try {
    return (await import('./GlobalSearch')).GlobalSearch;
  } catch (error) {
    // A failed chunk (a deployment replaced it) costs the search field, not the whole header.
    console.error('The global search could not be loaded', error);
    return () => null;
  }
}
const GlobalSearch = lazyWithPreload(loadGlobalSearch);
void GlobalSearch.preload();

/** spec §2 "Global search" in the header. */
export function GlobalSearchSlot() {
  return (
    <Suspense fallback={null}>
      <GlobalSearch />
    </Suspense>
  );
}
