import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { BillingInterval } from '@cmp/contracts/billing';
import { formatInterval } from '../utils/billingFormat';

interface IntervalSelectProps {
  intervals: BillingInterval[];
  value: string;
  onChange: (intervalId: string) => void;
  /** A labelled select (WCAG 1.3.1): the label names it for screen readers as well. */
  label: string;
  id?: string;
}

/** The months of an account, newest first, in the user's language; the running month is marked as open. */
export function IntervalSelect({ intervals, value, onChange, label, id }: IntervalSelectProps) {
  const { t, i18n } = useTranslation();
  return (
    <TextField id={id} size="small" select label={label} value={value} onChange={(event) => onChange(event.target.value)} sx={{ minWidth: 220 }}>
      {intervals.map((interval) => {
        const month = formatInterval(interval.IntervalId, i18n.language);
        return (
          <MenuItem key={interval.IntervalId} value={interval.IntervalId}>
            {interval.IsClosed ? month : t('billing.interval_open', { month })}
          </MenuItem>
        );
      })}
    </TextField>
  );
}
