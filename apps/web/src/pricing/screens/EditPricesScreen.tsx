import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useMatch, useParams } from 'react-router';
import { mdiArrowLeft } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAllowed } from '@cmp/contracts/capabilities';
import { useSessionUser } from '../../platform/session/currentUser';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { usePricelists } from '../api/pricelistOperations';
import { PriceableItemsCard } from '../components/PriceableItemsCard';
import { PricingRulesCard } from '../components/PricingRulesCard';
import { PRICING_CAPABILITIES } from '../constants/pricingCapabilities';
import { usePricingRuleActions } from '../hooks/usePricingRuleActions';

/**
 * /pricelists/{marketplaceId}/edit-prices and edit-all-prices (spec §2, issue 13): the pricelist's
 * rules, and the grid of its items with the price each rule gives and why.
 */
export function EditPricesScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().marketplaceId);
  const isAllPrices = useMatch('/pricelists/:marketplaceId/edit-all-prices') !== null;
  const title = t(isAllPrices ? 'routes.edit_all_prices' : 'routes.edit_prices');
  return (
    <Box sx={{ maxWidth: 1440, mx: 'auto' }}>
      <Button component={RouterLink} to="/pricelists" startIcon={<MdiIcon path={mdiArrowLeft} />} sx={{ mb: 1 }}>
        {t('routes.pricelists')}
      </Button>
      {Number.isSafeInteger(id) && id > 0 ? (
        <PricelistPrices key={id} marketplaceId={id} title={title} isAllPrices={isAllPrices} />
      ) : (
        <>
          <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
            {title}
          </Typography>
          <Alert severity="error">{t('pricing.invalid_pricelist')}</Alert>
        </>
      )}
    </Box>
  );
}

function PricelistPrices({ marketplaceId, title, isAllPrices }: { marketplaceId: number; title: string; isAllPrices: boolean }) {
  const { t } = useTranslation();
  const capabilities = useSessionUser()?.Capability ?? [];
  // The heading names the pricelist when it is one of the caller's own (the common case).
  const pricelist = usePricelists().data?.find((each) => each.MarketplaceId === marketplaceId);
  const currency = pricelist?.Currency ?? 'EUR';
  const canReadRules = isAllowed(capabilities, PRICING_CAPABILITIES.readRules);
  const canChangeRules = isAllowed(capabilities, PRICING_CAPABILITIES.changeRules);
  const rules = usePricingRuleActions(marketplaceId, currency, canReadRules);

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {pricelist ? t('pricing.edit_prices_heading', { title, name: pricelist.Name }) : title}
      </Typography>
      {pricelist && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('pricing.edit_prices_intro', { currency: pricelist.Currency })}
        </Typography>
      )}
      <Stack spacing={3}>
        {canReadRules && (
          <PricingRulesCard
            query={rules.rulesQuery}
            currency={currency}
            vendorNames={rules.vendorNames}
            canChange={canChangeRules}
            canDelete={isAllowed(capabilities, PRICING_CAPABILITIES.deleteRules)}
            containerRef={rules.containerRef}
            onNew={rules.startNew}
            onEdit={rules.startEdit}
            onDelete={rules.remove}
            onMove={rules.move}
          />
        )}
        <PriceableItemsCard
          key={String(isAllPrices)}
          marketplaceId={marketplaceId}
          isAllPrices={isAllPrices}
          canEditPrices={isAllowed(capabilities, PRICING_CAPABILITIES.changePricelist)}
          onNewRuleForItem={canChangeRules ? rules.startForItem : undefined}
        />
        {!isAllPrices && (
          <Box>
            <Button component={RouterLink} to={`/pricelists/${marketplaceId}/edit-all-prices`}>
              {t('pricing_preview.show_all_prices')}
            </Button>
          </Box>
        )}
      </Stack>
      {rules.dialogs}
    </>
  );
}
