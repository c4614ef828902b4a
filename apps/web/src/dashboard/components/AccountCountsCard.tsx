import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { DashboardSummary } from '@cmp/contracts/accounts';
import { numberFormat } from '../../platform/i18n/intlFormats';

/** How many accounts of each type lie under the caller's company. */
export function AccountCountsCard({ counts }: { counts: DashboardSummary['AccountCounts'] }) {
  const { t, i18n } = useTranslation();
  const countFormat = numberFormat(i18n.language);
  const shown = counts.filter((entry) => entry.Count > 0);

  return (
    <Card variant="outlined" component="section" aria-labelledby="account-counts-heading">
      <CardContent>
        <Typography id="account-counts-heading" variant="h6" component="h2" gutterBottom>
          {t('dashboard.accounts_title')}
        </Typography>
        {shown.length === 0 ? (
          <Typography color="text.secondary">{t('dashboard.accounts_empty')}</Typography>
        ) : (
          <List dense disablePadding>
            {shown.map((entry) => (
              <ListItem key={entry.AccountType} disableGutters secondaryAction={<Typography sx={{ fontWeight: 600 }}>{countFormat.format(entry.Count)}</Typography>}>
                <ListItemText primary={t(`account_types.${entry.AccountType}`)} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
