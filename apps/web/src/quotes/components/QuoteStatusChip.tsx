import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { QuoteStatus } from '@cmp/contracts/salesQuotes';

// The colour is on the border only: coloured text on white would miss WCAG contrast.
const STATUS_BORDER: Record<QuoteStatus, string> = {
  Draft: 'grey.500',
  Sent: 'info.main',
  Accepted: 'success.main',
  Rejected: 'error.main',
  Expired: 'warning.main',
};

/** A quote's status as a chip: the word in the user's language, the colour on the border. */
export function QuoteStatusChip({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" label={t(`quotes.status.${status}`)} sx={{ color: 'text.primary', borderWidth: 2, borderColor: STATUS_BORDER[status] }} />;
}
