import { Suspense } from 'react';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';
import { IconButtonPlaceholder } from '../../platform/ui/IconButtonPlaceholder';
import { lazyWithPreload } from '../../platform/ui/lazyWithPreload';

// The menu and its dialog are a chunk of their own (entry size budget), asked for as soon as the
// header's code is here, so that they show with the header and never wrap it later (issue 12).
const TermsMenu = lazyWithPreload(() => import('./TermsMenu').then((module) => module.TermsMenu));
TermsMenu.preload().catch(() => undefined);

export const TERMS_RULE = requirement('CONFIRMED_TERMS', ['Read']);

/** spec §2 Terms menu, for users who may read their confirmed terms. */
export function LazyTermsMenu({ user }: { user: SessionUser }) {
  if (!isAllowed(user.Capability, TERMS_RULE)) return null;
  return (
    <Suspense fallback={<IconButtonPlaceholder />}>
      <TermsMenu />
    </Suspense>
  );
}
