import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiFaceAgent } from '@mdi/js';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { SessionUser } from '@cmp/contracts/auth';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { useSupportDetails } from '../api/supportDetailsOperations';
import { hasContactDetails } from '../utils/hasContactDetails';
import { NewTabLabel } from './NewTabLabel';
import { SupportPanel } from './SupportPanel';

/** spec §2 footer action bar: the contact support link opening the support panel, and the imprint link. */
export function SupportFooterLinks({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const { data: details } = useSupportDetails(true);
  if (!details) return null;

  return (
    <>
      <Box sx={{ flex: 1 }} />
      {hasContactDetails(details) && (
        <Button color="inherit" startIcon={<MdiIcon path={mdiFaceAgent} />} aria-haspopup="dialog" onClick={() => setIsPanelOpen(true)}>
          {t('support.contact_support')}
        </Button>
      )}
      {details.Imprint && (
        <Link href={details.Imprint} target="_blank" rel="noopener noreferrer" color="inherit" variant="body2">
          <NewTabLabel text={t('support.imprint')} />
        </Link>
      )}
      <SupportPanel open={isPanelOpen} onClose={() => setIsPanelOpen(false)} details={details} user={user} />
    </>
  );
}
