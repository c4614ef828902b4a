import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { mdiInformationOutline } from '@mdi/js';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ServiceSearchResult } from '@cmp/contracts/marketplace';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { OrderServiceButton } from '../../orders/public';
import { priceLabel, priceReason } from '../../platform/money/priceText';
import { ServiceIcon } from './ServiceIcon';

const cardSx = { p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1 } as const;

/** A service on Explore: icon, name (the link to its page), vendor, short text and the caller's price with its reason. */
export function ServiceCard({ service }: { service: ServiceSearchResult }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const price = service.Price;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={cardSx}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <ServiceIcon icon={service.Icon} size={48} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={`/service/${encodeURIComponent(service.Id)}`} underline="hover" color="inherit">
              {service.DisplayName}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('marketplace.by_vendor', { vendor: service.VendorName })}
          </Typography>
        </Box>
        {service.IsNew && <Chip size="small" color="primary" label={t('marketplace.new_badge')} />}
      </Box>
      <Typography variant="body2" sx={{ flex: 1 }}>
        {service.ShortDescription}
      </Typography>
      {service.Category && <Chip size="small" variant="outlined" label={service.Category} sx={{ alignSelf: 'flex-start' }} />}
      <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
        {price ? (
          <>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              {price.Amount === null
                ? t('marketplace.no_price')
                : priceLabel(t, i18n.language, { amount: price.Amount, currency: price.Currency, feeType: price.FeeType, unit: price.Unit }, service.BillingPeriod ?? 'Monthly')}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
              <MdiIcon path={mdiInformationOutline} fontSize="inherit" sx={{ mt: '2px' }} />
              <span>{t('marketplace.why_price', { reason: priceReason(t, i18n.language, price, price.Currency) })}</span>
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('marketplace.no_items_short')}
          </Typography>
        )}
        {price?.Amount != null && (
          <Box sx={{ mt: 1 }}>
            <OrderServiceButton service={service.Id} describedBy={headingId} size="small" variant="outlined" />
          </Box>
        )}
      </Box>
    </Paper>
  );
}

/** The shape of a card while Explore loads. */
export function ServiceCardSkeleton() {
  return (
    <Paper variant="outlined" sx={cardSx} aria-hidden>
      <Box sx={{ display: 'flex', gap: 1.5 }}>
        <Skeleton variant="rounded" width={48} height={48} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="70%" />
          <Skeleton width="40%" />
        </Box>
      </Box>
      <Skeleton />
      <Skeleton width="80%" />
      <Skeleton width="50%" height={32} />
    </Paper>
  );
}
