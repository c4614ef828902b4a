import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { mdiClose, mdiOpenInNew } from '@mdi/js';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAllowed } from '@cmp/contracts/capabilities';
import { KNOWLEDGE_BASE_RULES } from '@cmp/contracts/knowledgeBaseRules';
import type { SessionUser } from '@cmp/contracts/auth';
import type { SupportDetails } from '@cmp/contracts/support';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { SUPPORT_RULES } from '../constants/supportRules';
import { NewTabLabel } from './NewTabLabel';

/** spec §9 "Support panel width 380". */
export const SUPPORT_PANEL_WIDTH = 380;


interface SupportPanelProps {
  open: boolean;
  onClose: () => void;
  details: SupportDetails;
  user: SessionUser;
}

/**
 * spec §2 Support panel: opens from the right; the technical contact, the support link button and
 * the sales and billing blocks. A block without any value is left out.
 */
export function SupportPanel({ open, onClose, details, user }: SupportPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  // spec §2 "The button is shown only if the wiki capability is readable and a support URL exists".
  const showsSupportLink = Boolean(details.SupportUrl) && isAllowed(user.Capability, SUPPORT_RULES.wiki);
  // Resellers edit their own details (the platform owner is a Reseller account too).
  const canEdit = user.CompanyAccount.AccountType === 'Reseller' && isAllowed(user.Capability, SUPPORT_RULES.editDetails);
  // Resellers and companies keep knowledge base articles for the users below them (issue 5).
  const canManageKnowledgeBase = isAllowed(user.Capability, KNOWLEDGE_BASE_RULES.save);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-labelledby': headingId, sx: { width: SUPPORT_PANEL_WIDTH, maxWidth: '100vw' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('support.panel_title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('common.close')} edge="end">
          <MdiIcon path={mdiClose} />
        </IconButton>
      </Box>
      <Stack spacing={3} sx={{ p: 2 }}>
        <ContactBlock
          title={t('support.technical_title')}
          values={[
            details.SupportPhoneNumber,
            details.SupportTechnicalEmail,
            details.SupportWorkingDaysRegular,
            details.SupportWorkingHoursRegular,
            details.SupportWorkingDaysOthers,
            details.SupportWorkingHoursOthers,
          ]}
        >
          <PhoneLine phone={details.SupportPhoneNumber} />
          <EmailLine email={details.SupportTechnicalEmail} />
          <HoursLine label={t('support.regular_hours')} days={details.SupportWorkingDaysRegular} hours={details.SupportWorkingHoursRegular} />
          <HoursLine label={t('support.other_hours')} days={details.SupportWorkingDaysOthers} hours={details.SupportWorkingHoursOthers} />
        </ContactBlock>
        {showsSupportLink && (
          <Button variant="contained" href={details.SupportUrl} target="_blank" rel="noopener noreferrer" endIcon={<MdiIcon path={mdiOpenInNew} />}>
            <NewTabLabel text={details.SupportButtonText || t('support.open_support_centre')} />
          </Button>
        )}
        <ContactBlock title={t('support.sales_title')} values={[details.SupportSalesPhoneNumber, details.SupportSalesEmail]}>
          <PhoneLine phone={details.SupportSalesPhoneNumber} />
          <EmailLine email={details.SupportSalesEmail} />
        </ContactBlock>
        <ContactBlock title={t('support.billing_title')} values={[details.SupportBillingPhoneNumber, details.SupportBillingEmail]}>
          <PhoneLine phone={details.SupportBillingPhoneNumber} />
          <EmailLine email={details.SupportBillingEmail} />
        </ContactBlock>
        {canEdit && (
          <Link component={RouterLink} to={`/account/${user.CompanyAccount.AccountId}/support-details`} onClick={onClose}>
            {t('support.edit_details')}
          </Link>
        )}
        {canManageKnowledgeBase && (
          <Link component={RouterLink} to={`/account/${user.CompanyAccount.AccountId}/knowledge-base`} onClick={onClose}>
            {t('knowledge_base.manage')}
          </Link>
        )}
      </Stack>
    </Drawer>
  );
}

/** A titled block of label/value lines; left out when none of its values is set. */
function ContactBlock({ title, values, children }: { title: string; values: string[]; children: ReactNode }) {
  const headingId = useId();
  if (values.every((value) => !value)) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(7rem, auto) 1fr', columnGap: 2, rowGap: 0.5 }}>
        {children}
      </Box>
    </Box>
  );
}

function DetailLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function PhoneLine({ phone }: { phone: string }) {
  const { t } = useTranslation();
  return <LinkLine label={t('support.phone')} href={`tel:${phone.replace(/[^+0-9]/g, '')}`} text={phone} />;
}

function EmailLine({ email }: { email: string }) {
  const { t } = useTranslation();
  return <LinkLine label={t('support.email')} href={`mailto:${email}`} text={email} />;
}

function LinkLine({ label, href, text }: { label: string; href: string; text: string }) {
  if (!text) return null;
  return (
    <DetailLine label={label}>
      <Link href={href}>{text}</Link>
    </DetailLine>
  );
}

function HoursLine({ label, days, hours }: { label: string; days: string; hours: string }) {
  if (!days && !hours) return null;
  return <DetailLine label={label}>{[days, hours].filter(Boolean).join(', ')}</DetailLine>;
}
