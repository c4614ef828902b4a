import { Suspense, type ComponentType } from 'react';
import { useFirstPaintDone } from '../../platform/ui/firstPaint';
import { lazyWithPreload } from '../../platform/ui/lazyWithPreload';

// The search field and everything behind it are a chunk of their own, asked for once the first screen
// is painted (issue 12); the header holds its room from the first frame (AppHeader), so nothing moves.
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

/** spec §2 "Global search" in the header. */
export function GlobalSearchSlot() {
  const isPainted = useFirstPaintDone();
  if (!isPainted) return null;
  return (
    <Suspense fallback={null}>
      <GlobalSearch />
    </Suspense>
  );
}
