import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ParentPicker, type ParentOption } from '../../accounts/public';

/** The account types a subscription may sit under (orders contract: a company, department or user). */
const ORDER_ACCOUNT_TYPES: ParentOption['AccountType'][] = ['Company', 'Department', 'User'];

interface AccountStepProps {
  account: ParentOption | null;
  onChange: (account: ParentOption | null) => void;
  /** Shown under the picker: the account is missing, or the caller may not order for it. */
  problem: string | undefined;
  /** The server's refusal to list the account's services, if any. */
  loadError: string | undefined;
}

/** Step 1: the account the subscription is created under; it starts as the given account or the caller's company. */
export function AccountStep({ account, onChange, problem, loadError }: AccountStepProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography>{t('order_wizard.account_intro')}</Typography>
      <ParentPicker value={account} allowedTypes={ORDER_ACCOUNT_TYPES} onChange={onChange} error={problem} />
      {loadError && <Alert severity="error">{loadError}</Alert>}
    </Stack>
  );
}
