import { Suspense } from 'react';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';
import { IconButtonPlaceholder } from '../../platform/ui/IconButtonPlaceholder';
import { useFirstPaintDone } from '../../platform/ui/firstPaint';
import { lazyWithPreload } from '../../platform/ui/lazyWithPreload';

// The menu and its dialog are a chunk of their own, asked for once the first screen is painted
// (issue 12); their room is held from the first frame, so the header never wraps when they come.
const TermsMenu = lazyWithPreload(() => import('./TermsMenu').then((module) => module.TermsMenu));

export const TERMS_RULE = requirement('CONFIRMED_TERMS', ['Read']);

/** spec §2 Terms menu, for users who may read their confirmed terms. */
export function LazyTermsMenu({ user }: { user: SessionUser }) {
  const isPainted = useFirstPaintDone();
  if (!isAllowed(user.Capability, TERMS_RULE)) return null;
  if (!isPainted) return <IconButtonPlaceholder />;
  return (
    <Suspense fallback={<IconButtonPlaceholder />}>
      <TermsMenu />
    </Suspense>
  );
}
