import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReportParameter, ReportParameterField } from '@cmp/contracts/reporting';

export type ParameterValues = Record<string, string>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The form's starting values: each parameter's default ("from/to" for a period). */
export const initialValues = (parameters: ReportParameter[]): ParameterValues => Object.fromEntries(parameters.map((p) => [p.Name, p.Default ?? '']));

/** The values as the report takes them (paremeterFields): only those filled in. */
export const toParameterFields = (values: ParameterValues): ReportParameterField[] =>
  Object.entries(values)
    .filter(([, value]) => value !== '' && value !== '/')
    .map(([name, value]) => ({ name, value }));

interface ReportParameterFormProps {
  parameters: ReportParameter[];
  values: ParameterValues;
  onChange: (values: ParameterValues) => void;
  onRun: (values: ParameterValues) => void;
  isRunning: boolean;
}

/** The report's parameters (native date inputs, numbers, choices) and Run; a missing or wrong value is said at its field. */
export function ReportParameterForm({ parameters, values, onChange, onRun, isRunning }: ReportParameterFormProps) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: string, value: string) => onChange({ ...values, [name]: value });

  function validate(): Record<string, string> {
    const found: Record<string, string> = {};
    for (const p of parameters) {
      const value = values[p.Name] ?? '';
      if (p.Type === 'dateRange') {
        const [from = '', to = ''] = value.split('/');
        if ((p.Required && (!from || !to)) || (!from !== !to)) found[p.Name] = t('reports.range_incomplete', { field: p.Label });
        else if (from && to && (!ISO_DATE.test(from) || !ISO_DATE.test(to))) found[p.Name] = t('reports.invalid_value', { field: p.Label });
        else if (from && to && to < from) found[p.Name] = t('reports.range_reversed', { field: p.Label });
      } else if (p.Required && !value) {
        found[p.Name] = t('reports.required', { field: p.Label });
      } else if (p.Type === 'number' && value) {
        const n = Number(value);
        if (!Number.isInteger(n) || (p.Min !== null && n < p.Min) || (p.Max !== null && n > p.Max)) found[p.Name] = t('reports.number_range', { field: p.Label, min: p.Min ?? '', max: p.Max ?? '' });
      }
    }
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length === 0) onRun(values);
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      {parameters.map((p) => {
        const value = values[p.Name] ?? '';
        const error = errors[p.Name];
        if (p.Type === 'dateRange') {
          const [from = '', to = ''] = value.split('/');
          return (
            <Box key={p.Name} component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-describedby={error ? `${p.Name}-error` : undefined}>
              <TextField
                type="date"
                size="small"
                label={t('reports.range_from', { field: p.Label })}
                value={from}
                required={p.Required}
                error={Boolean(error)}
                onChange={(event) => set(p.Name, `${event.target.value}/${to}`)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="date"
                size="small"
                label={t('reports.range_to', { field: p.Label })}
                value={to}
                required={p.Required}
                error={Boolean(error)}
                onChange={(event) => set(p.Name, `${from}/${event.target.value}`)}
                helperText={error}
                slotProps={{ inputLabel: { shrink: true }, formHelperText: { id: `${p.Name}-error` } }}
              />
            </Box>
          );
        }
        if (p.Type === 'date' || p.Type === 'number') {
          return (
            <TextField
              key={p.Name}
              type={p.Type}
              size="small"
              label={p.Label}
              value={value}
              required={p.Required}
              error={Boolean(error)}
              helperText={error}
              onChange={(event) => set(p.Name, event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: p.Type === 'number' ? { min: p.Min ?? undefined, max: p.Max ?? undefined, step: 1 } : undefined }}
              sx={{ width: p.Type === 'number' ? 160 : 200 }}
            />
          );
        }
        return (
          <TextField
            key={p.Name}
            select
            size="small"
            label={p.Label}
            value={value}
            required={p.Required}
            error={Boolean(error)}
            helperText={error}
            onChange={(event) => set(p.Name, event.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 200 }}
          >
            {!p.Required && <MenuItem value="">{t('reports.all_option')}</MenuItem>}
            {p.Options.map((option) => (
              <MenuItem key={option.Value} value={option.Value}>
                {option.Label}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
      <Button type="submit" variant="contained" disabled={isRunning} sx={{ height: 40 }}>
        {t('reports.run')}
      </Button>
    </Box>
  );
}
