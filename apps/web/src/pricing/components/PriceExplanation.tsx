import { useTranslation } from 'react-i18next';
import { mdiAlertCircleOutline, mdiArrowDownBold } from '@mdi/js';
import Box from '@mui/material/Box';
import type { PricedItem } from '@cmp/contracts/pricing';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { pricedByText } from '../../platform/money/ruleDescription';

const flagSx = { display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'error.main', fontWeight: 500 } as const;

/** Issue 13 "every price explains itself": the rule that priced the item, or why it has no price. */
export function PriceExplanation({ item }: { item: PricedItem }) {
  const { t, i18n } = useTranslation();
  if (item.Rule) return <>{pricedByText(t, i18n.language, item.Rule, item.Currency)}</>;
  return (
    <Box component="span" sx={flagSx}>
      <MdiIcon path={mdiAlertCircleOutline} fontSize="inherit" />
      {t(`pricing.problems.${item.Problem ?? 'no_rule'}`)}
    </Box>
  );
}

/** A sales price below the purchase price: an icon and words, not colour alone (WCAG 1.4.1). */
export function BelowPurchaseFlag() {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ ...flagSx, fontSize: '0.75rem', whiteSpace: 'nowrap' }}>
      <MdiIcon path={mdiArrowDownBold} fontSize="inherit" />
      {t('pricing.below_purchase')}
    </Box>
  );
}
