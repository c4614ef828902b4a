import { Suspense } from 'react';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';
import { SUPPORT_RULES } from '../constants/supportRules';
import { IconButtonPlaceholder } from '../../platform/ui/IconButtonPlaceholder';
import { useFirstPaintDone } from '../../platform/ui/firstPaint';
import { lazyWithPreload } from '../../platform/ui/lazyWithPreload';

// The menu is a chunk of its own, asked for once the first screen is painted (issue 12); its room is
// held from the first frame, so the header never wraps when it comes.
const SupportMenu = lazyWithPreload(() => import('./SupportMenu').then((module) => module.SupportMenu));

/** spec §2 Support menu, shown only if Wiki Read holds. */
export function LazySupportMenu({ user }: { user: SessionUser }) {
  const isPainted = useFirstPaintDone();
  if (!isAllowed(user.Capability, SUPPORT_RULES.wiki)) return null;
  if (!isPainted) return <IconButtonPlaceholder />;
  return (
    <Suspense fallback={<IconButtonPlaceholder />}>
      <SupportMenu user={user} />
    </Suspense>
  );
}
