import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ServiceInfo } from '@cmp/contracts/marketplace';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { useServiceInfo } from '../api/marketplaceOperations';
import { ServiceIcon } from '../components/ServiceIcon';
import { ServiceItemsTable } from '../components/ServiceItemsTable';
import { ServiceVendorCard } from '../components/ServiceVendorCard';
import { OrderServiceButton } from '../../orders/public';

const EXPLORE_LINK = '/Marketplace/Explore?page=1&size=20';

/**
 * The service info page (`/service/{serviceId}/{pricelistId?}`, spec §2, issue 13): what the service
 * is, how it is billed, every priceable item with the caller's price and why, the terms and the vendor.
 */
export function ServiceInfoScreen() {
  const { t } = useTranslation();
  const { serviceId = '', pricelistId } = useParams();
  const pricelist = pricelistId === undefined ? undefined : Number(pricelistId);
  const isValidPricelist = pricelist === undefined || (Number.isSafeInteger(pricelist) && pricelist > 0);
  const query = useServiceInfo(serviceId, isValidPricelist ? pricelist : undefined);
  const service = query.data;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Breadcrumbs aria-label={t('marketplace.breadcrumb_label')} sx={{ mb: 2 }}>
        <Link component={RouterLink} to={EXPLORE_LINK} underline="hover" color="inherit">
          {t('routes.explore')}
        </Link>
        <Typography color="text.primary" aria-current="page">
          {service?.DisplayName ?? t('routes.service_info')}
        </Typography>
      </Breadcrumbs>
      {query.isPending && <ServicePageSkeleton />}
      {query.isError && (
        <>
          <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
            {t('routes.service_info')}
          </Typography>
          <Alert severity="error">{query.error instanceof ApiError && query.error.status === 403 ? t('marketplace.not_available') : failureText(query.error)}</Alert>
        </>
      )}
      {service && <ServicePage service={service} />}
    </Box>
  );
}

function ServicePage({ service }: { service: ServiceInfo }) {
  const { t } = useTranslation();
  const pricesId = useId();
  const termsId = useId();
  const aboutId = useId();
  const facts: [string, string][] = [
    [t('marketplace.billing_rule'), t(`marketplace.billing_rules.${service.BillingRule}`)],
    [t('marketplace.billing_period'), t(`marketplace.billing_periods.${service.BillingPeriod}`)],
    [t('marketplace.commitment_terms'), service.CommitmentTerms.map((term) => t(`marketplace.commitments.${term}`, { defaultValue: term })).join(', ') || t('marketplace.none')],
    ...(service.VendorSku ? [[t('marketplace.vendor_sku'), service.VendorSku] as [string, string]] : []),
  ];
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        <ServiceIcon icon={service.Icon} size={64} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {service.DisplayName}
          </Typography>
          <Typography color="text.secondary">{t('marketplace.by_vendor', { vendor: service.VendorName })}</Typography>
        </Box>
        <Box sx={{ ml: 'auto' }}>
          <OrderServiceButton service={service.Id} />
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 320px' }, alignItems: 'start' }}>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Paper component="section" aria-labelledby={aboutId} variant="outlined" sx={{ p: 3 }}>
            <Typography id={aboutId} variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('marketplace.about_title')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }}>{service.Description || t('marketplace.no_description')}</Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
              {service.Category && <Chip size="small" color="primary" variant="outlined" label={t('marketplace.category_chip', { category: service.Category })} />}
              {service.IsNew && <Chip size="small" color="primary" label={t('marketplace.new_badge')} />}
              {service.Tags.map((tag) => (
                <Chip key={tag} size="small" label={tag} />
              ))}
            </Stack>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, mt: 3, mb: 0 }}>
              {facts.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Paper>
          <Paper component="section" aria-labelledby={pricesId} variant="outlined" sx={{ p: 3 }}>
            <Typography id={pricesId} variant="h6" component="h2">
              {t('marketplace.prices_title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {service.Items.some((item) => item.Basis === 'Srp') ? t('marketplace.prices_intro_srp') : t('marketplace.prices_intro_pricelist', { currency: service.Currency ?? '' })}
            </Typography>
            <ServiceItemsTable service={service} labelledBy={pricesId} />
          </Paper>
          <Paper component="section" aria-labelledby={termsId} variant="outlined" sx={{ p: 3 }}>
            <Typography id={termsId} variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('marketplace.terms_title')}
            </Typography>
            {/* The terms are the vendor's plain text: React shows it as text, never as markup. */}
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', maxHeight: 360, overflow: 'auto' }} tabIndex={service.TermsOfService ? 0 : undefined}>
              {service.TermsOfService || t('marketplace.no_terms')}
            </Typography>
          </Paper>
        </Stack>
        <ServiceVendorCard vendor={service.Vendor} />
      </Box>
    </>
  );
}

function ServicePageSkeleton() {
  const { t } = useTranslation();
  return (
    <Box aria-busy="true" aria-label={t('marketplace.loading_service')}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        <Skeleton variant="rounded" width={64} height={64} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="40%" height={40} />
          <Skeleton width="20%" />
        </Box>
      </Box>
      <Skeleton variant="rounded" height={200} sx={{ mb: 3 }} />
      <Skeleton variant="rounded" height={160} />
    </Box>
  );
}
