import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SUPPORT_DETAIL_FIELD_KINDS,
  SUPPORT_DETAIL_FIELDS,
  supportDetailsInputSchema,
  type SupportDetailField,
  type SupportDetails,
} from '@cmp/contracts/support';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { SUPPORT_DETAILS_QUERY_KEY, saveSupportDetails, supportDetailsForAccountQueryKey } from '../api/supportDetailsOperations';
import { useUnsavedChangesGuard } from '../../platform/ui/useUnsavedChangesGuard';

// The editor's sections, in the order the support panel shows them.
const GROUPS: { titleKey: string; fields: SupportDetailField[] }[] = [
  {
    titleKey: 'support.technical_title',
    fields: ['SupportPhoneNumber', 'SupportTechnicalEmail', 'SupportWorkingDaysRegular', 'SupportWorkingHoursRegular', 'SupportWorkingDaysOthers', 'SupportWorkingHoursOthers'],
  },
  { titleKey: 'support.links_title', fields: ['SupportUrl', 'SupportButtonText', 'KnowledgeBaseUrl', 'Imprint'] },
  { titleKey: 'support.sales_title', fields: ['SupportSalesPhoneNumber', 'SupportSalesEmail'] },
  { titleKey: 'support.billing_title', fields: ['SupportBillingPhoneNumber', 'SupportBillingEmail'] },
];

const INPUT_TYPES = { phone: 'tel', email: 'email', url: 'url', text: 'text' } as const;

interface SupportDetailsFormProps {
  accountId: number;
  initial: SupportDetails;
}

/** The support details of one reseller; the same contract schema checks them here and on the server. */
export function SupportDetailsForm({ accountId, initial }: SupportDetailsFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<SupportDetails>({ defaultValues: initial, resolver: zodResolver(supportDetailsInputSchema) as never });

  const { dialog, formRef } = useUnsavedChangesGuard({ hasUnsavedChanges: isDirty });

  const save = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await saveSupportDetails(accountId, values);
      showMessage({ type: 'success', text: t('support.saved') });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: supportDetailsForAccountQueryKey(accountId) }),
        queryClient.invalidateQueries({ queryKey: SUPPORT_DETAILS_QUERY_KEY }),
      ]);
    } catch (failure) {
      const text = failureText(failure);
      // A 400 names the field ("supportDetails.SupportSalesEmail: …"): show it there.
      const field = SUPPORT_DETAIL_FIELDS.find((name) => text.includes(`supportDetails.${name}`));
      if (failure instanceof ApiError && failure.status === 400 && field) setFieldError(field, { type: 'server', message: text });
      else setError(text);
    }
  });

  const message = (field: SupportDetailField, fieldError: FieldError | undefined) => {
    if (!fieldError) return undefined;
    if (fieldError.type === 'server') return fieldError.message;
    if (fieldError.message === 'is too long') return t('support.errors.too_long');
    return t(`support.errors.${SUPPORT_DETAIL_FIELD_KINDS[field]}`);
  };

  return (
    <Box component="form" noValidate onSubmit={save} ref={formRef}>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {GROUPS.map((group) => (
        <Box component="fieldset" key={group.titleKey} sx={{ border: 0, p: 0, m: 0, mb: 3 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
            {t(group.titleKey)}
          </Typography>
          <Grid container spacing={2}>
            {group.fields.map((field) => (
              <Grid key={field} size={{ xs: 12, sm: 6 }}>
                <TextField
                  {...register(field)}
                  id={`support-details-${field}`}
                  label={t(`support.fields.${field}`)}
                  type={INPUT_TYPES[SUPPORT_DETAIL_FIELD_KINDS[field]]}
                  fullWidth
                  error={Boolean(errors[field])}
                  helperText={message(field, errors[field])}
                />
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
      <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting} loading={isSubmitting}>
        {t('common.save')}
      </Button>
      {dialog}
    </Box>
  );
}
