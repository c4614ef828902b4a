import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ServiceInfo } from '@cmp/contracts/marketplace';

/** Only web addresses become links (a profile text is the vendor's, not ours to trust). */
const safeUrl = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/** The vendor of a service: its profile text and contacts, and the way to its other services. */
export function ServiceVendorCard({ vendor }: { vendor: ServiceInfo['Vendor'] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const website = safeUrl(vendor.WebsiteUrl);
  const support = safeUrl(vendor.SupportUrl);
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('marketplace.vendor_title')}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{vendor.Name}</Typography>
      {vendor.Description && (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {vendor.Description}
        </Typography>
      )}
      <Stack spacing={0.5} sx={{ mt: 2 }}>
        {website && (
          <Link href={website} target="_blank" rel="noopener noreferrer">
            {t('marketplace.vendor_website')}
          </Link>
        )}
        {support && (
          <Link href={support} target="_blank" rel="noopener noreferrer">
            {t('marketplace.vendor_support_url')}
          </Link>
        )}
        {vendor.SupportEmail && <Link href={`mailto:${vendor.SupportEmail}`}>{t('marketplace.vendor_support_email', { email: vendor.SupportEmail })}</Link>}
        {vendor.SupportPhone && <Typography variant="body2">{t('marketplace.vendor_support_phone', { phone: vendor.SupportPhone })}</Typography>}
        {vendor.AccountId !== null && (
          <Link component={RouterLink} to={`/Marketplace/Explore?vendor=${vendor.AccountId}&page=1&size=20`}>
            {t('marketplace.vendor_services', { vendor: vendor.Name })}
          </Link>
        )}
      </Stack>
    </Paper>
  );
}
