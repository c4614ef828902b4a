import { Suspense } from 'react';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';
import { SUPPORT_RULES } from '../constants/supportRules';
import { IconButtonPlaceholder } from '../../platform/ui/IconButtonPlaceholder';
import { lazyWithPreload } from '../../platform/ui/lazyWithPreload';

// The menu is a chunk of its own (entry size budget), asked for as soon as the header's code is here,
// so that it shows with the header and never wraps it later (issue 12).
const SupportMenu = lazyWithPreload(() => import('./SupportMenu').then((module) => module.SupportMenu));
SupportMenu.preload().catch(() => undefined);

/** spec §2 Support menu, shown only if Wiki Read holds. */
export function LazySupportMenu({ user }: { user: SessionUser }) {
  if (!isAllowed(user.Capability, SUPPORT_RULES.wiki)) return null;
  return (
    <Suspense fallback={<IconButtonPlaceholder />}>
      <SupportMenu user={user} />
    </Suspense>
  );
}
