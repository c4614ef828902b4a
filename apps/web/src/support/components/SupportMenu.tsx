import { useTranslation } from 'react-i18next';
import { mdiLifebuoy } from '@mdi/js';
import MenuItem from '@mui/material/MenuItem';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';
import { useBranding } from '../../platform/branding/BrandingContext';
import { IconButtonPlaceholder } from '../../platform/ui/IconButtonPlaceholder';
import { IconMenuButton } from '../../platform/ui/IconMenuButton';
import { useSupportDetails } from '../api/supportDetailsOperations';
import { SUPPORT_RULES } from '../constants/supportRules';
import { coBrowsingUrl } from '../utils/coBrowsingUrl';
import { NewTabLabel } from './NewTabLabel';

/** spec §2 Support menu: support centre, knowledge base (academy) and co-browsing start; hidden without an item. */
export function SupportMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const branding = useBranding();
  const mayReadDetails = isAllowed(user.Capability, SUPPORT_RULES.readDetails);
  const { data: details, isPending } = useSupportDetails(mayReadDetails);

  const items = [
    { key: 'support', href: details?.SupportUrl, label: t('support.support_centre') },
    { key: 'academy', href: details?.KnowledgeBaseUrl, label: t('support.knowledge_base') },
    { key: 'co-browsing', href: branding.glance_group_id ? coBrowsingUrl(branding.glance_group_id) : undefined, label: t('support.co_browsing') },
  ].filter((item): item is { key: string; href: string; label: string } => Boolean(item.href));
  // Its room is kept while the details load: the header does not move when the button arrives (issue 12, CLS).
  if (mayReadDetails && isPending) return <IconButtonPlaceholder />;
  if (items.length === 0) return null;

  return (
    <IconMenuButton label={t('support.menu')} iconPath={mdiLifebuoy}>
      {(close) =>
        items.map((item) => (
          <MenuItem key={item.key} component="a" href={item.href} target="_blank" rel="noopener noreferrer" onClick={close}>
            <NewTabLabel text={item.label} />
          </MenuItem>
        ))
      }
    </IconMenuButton>
  );
}
