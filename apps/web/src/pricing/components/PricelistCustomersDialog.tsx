import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { MarketplaceSummary } from '@cmp/contracts/pricing';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { usePricelistCustomers } from '../api/pricelistOperations';

/** The companies and resellers a pricelist applies to (GetMarketplaceCustomers). */
export function PricelistCustomersDialog({ pricelist, onClose }: { pricelist: MarketplaceSummary | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = usePricelistCustomers(pricelist?.MarketplaceId);
  return (
    <FormDialog open={pricelist !== undefined} title={t('pricing.customers_title', { name: pricelist?.Name ?? '' })} titleId={titleId} maxWidth="xs" onClose={onClose}>
      {query.isPending && <LoadingIndicator />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {query.data &&
        (query.data.length === 0 ? (
          <Typography role="status">{t('pricing.customers_none')}</Typography>
        ) : (
          <List dense aria-labelledby={titleId}>
            {query.data.map((customer) => (
              <ListItem key={customer.AccountId} disableGutters>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/account/${customer.AccountId}`}>
                      {customer.DisplayName}
                    </Link>
                  }
                  secondary={t(`pricing.customer_types.${customer.AccountType}`, { defaultValue: customer.AccountType })}
                />
              </ListItem>
            ))}
          </List>
        ))}
    </FormDialog>
  );
}
