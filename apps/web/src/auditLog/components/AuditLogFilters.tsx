import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AUDIT_ACTIONS, type AuditAction } from '@cmp/contracts/audit';

export interface AuditLogFilterValues {
  fromDay: string;
  toDay: string;
  actor: string;
  action: AuditAction | '';
}

export const NO_AUDIT_FILTER: AuditLogFilterValues = { fromDay: '', toDay: '', actor: '', action: '' };

interface AuditLogFiltersProps {
  values: AuditLogFilterValues;
  onChange: (values: AuditLogFilterValues) => void;
}

/** Period (calendar days), actor (part of a name or username) and action, each labelled. */
export function AuditLogFilters({ values, onChange }: AuditLogFiltersProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<AuditLogFilterValues>) => onChange({ ...values, ...patch });
  const actions = useMemo(() => AUDIT_ACTIONS.map((action) => ({ action, label: t(`audit_actions.${action}`) })).sort((a, b) => a.label.localeCompare(b.label)), [t]);
  const isPeriodReversed = Boolean(values.fromDay && values.toDay && values.toDay < values.fromDay);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ flex: 1, flexWrap: 'wrap' }} useFlexGap>
      <TextField size="small" type="date" label={t('audit_log.filter_from')} value={values.fromDay} onChange={(event) => set({ fromDay: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField
        size="small"
        type="date"
        label={t('audit_log.filter_to')}
        value={values.toDay}
        onChange={(event) => set({ toDay: event.target.value })}
        error={isPeriodReversed}
        helperText={isPeriodReversed ? t('audit_log.period_reversed') : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField size="small" type="search" label={t('audit_log.filter_actor')} value={values.actor} onChange={(event) => set({ actor: event.target.value })} sx={{ minWidth: 280 }} />
      <TextField size="small" select label={t('audit_log.filter_action')} value={values.action} onChange={(event) => set({ action: event.target.value as AuditAction | '' })} sx={{ minWidth: 220 }}>
        <MenuItem value="">{t('audit_log.all_actions')}</MenuItem>
        {actions.map(({ action, label }) => (
          <MenuItem key={action} value={action}>
            {label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
