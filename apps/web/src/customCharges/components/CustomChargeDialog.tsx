import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CUSTOM_CHARGE_DESCRIPTION_MAX_LENGTH, CUSTOM_CHARGE_NAME_MAX_LENGTH, MAX_ATTACHMENT_BYTES, type CustomChargeInput } from '@cmp/contracts/customCharges';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { CHECK_MESSAGE_KEYS, EMPTY_CHARGE_FORM, chargeFormSchema, chargeInputOf, type ChargeFormValues } from '../utils/chargeForm';
import { newIdempotencyKey } from '../../platform/api/idempotencyKey';
import { formatFileSize } from '../../platform/files/formatFileSize';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { AttachmentPicker } from './AttachmentPicker';

type ChargeField = keyof ChargeFormValues;
const MAX_LENGTH: Partial<Record<ChargeField, number>> = { Name: CUSTOM_CHARGE_NAME_MAX_LENGTH, Description: CUSTOM_CHARGE_DESCRIPTION_MAX_LENGTH };
/** The request field a server refusal names ("customCharge.Price: …"), by form field. */
const SERVER_FIELDS: [string, ChargeField][] = [
  ['customCharge.Attachment', 'File'],
  ['customCharge.Name', 'Name'],
  ['customCharge.Price', 'Price'],
  ['customCharge.Cost', 'Cost'],
  ['customCharge.Description', 'Description'],
];

interface CustomChargeDialogProps {
  /** The company's currency and how many decimals its amounts have (GetCustomCharges). */
  currency: string;
  minorUnits: number;
  /** Sends the charge with this dialog's Idempotency-Key; rejects with the server's refusal, shown in the form. */
  onSave: (charge: CustomChargeInput, idempotencyKey: string) => Promise<void>;
  onClose: () => void;
}

/**
 * "Add charge" (spec §3 "Custom charge"): name, price, cost, description and an attachment. The
 * contract's schema checks every field here before sending, the server again. The dialog is
 * mounted per opening, so its Idempotency-Key is one per opening: a double click or a retry of a
 * request whose answer was lost creates one charge.
 */
export function CustomChargeDialog({ currency, minorUnits, onSave, onClose }: CustomChargeDialogProps) {
  const { t, i18n } = useTranslation();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<string>();
  const {
    register,
    control,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ChargeFormValues>({ defaultValues: EMPTY_CHARGE_FORM, resolver: zodResolver(chargeFormSchema(minorUnits)) as never });

  const save = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await onSave(await chargeInputOf(values), idempotencyKey);
    } catch (failure) {
      const text = failureText(failure);
      const field = SERVER_FIELDS.find(([name]) => text.includes(name))?.[1];
      if (failure instanceof ApiError && failure.status === 400 && field) setFieldError(field, { type: 'server', message: text });
      else setError(text);
    }
  });

  // An amount with the currency's decimals, as a hint: 12.50 (EUR), 12 (JPY).
  const example = minorUnits > 0 ? `12.${'5'.padEnd(minorUnits, '0')}` : '12';
  const problem = (field: ChargeField, fieldError: FieldError | undefined) => {
    if (!fieldError) return undefined;
    const key = fieldError.type === 'server' ? undefined : CHECK_MESSAGE_KEYS[fieldError.message ?? ''];
    return key ? t(key, { max: MAX_LENGTH[field], digits: minorUnits, currency, example, limit: formatFileSize(MAX_ATTACHMENT_BYTES, i18n.language) }) : fieldError.message;
  };
  const textField = (field: Exclude<ChargeField, 'File'>) => ({
    ...register(field),
    id: `custom-charge-${field}`,
    label: t(`custom_charges.fields.${field}`),
    fullWidth: true,
    error: Boolean(errors[field]),
    helperText: problem(field, errors[field]) ?? t(`custom_charges.help.${field}`, { currency, example, defaultValue: '' }),
  });

  return (
    <FormDialog
      open
      title={t('custom_charges.dialog_title')}
      serverError={error}
      isBusy={isSubmitting}
      hasUnsavedChanges={isDirty}
      submitLabel={t('custom_charges.add')}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField {...textField('Name')} required autoFocus slotProps={{ htmlInput: { maxLength: CUSTOM_CHARGE_NAME_MAX_LENGTH, autoComplete: 'off' } }} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...textField('Price')} required slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }} />
          <TextField {...textField('Cost')} required slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }} />
        </Stack>
        <TextField {...textField('Description')} multiline minRows={2} slotProps={{ htmlInput: { maxLength: CUSTOM_CHARGE_DESCRIPTION_MAX_LENGTH } }} />
        <Controller control={control} name="File" render={({ field, fieldState }) => <AttachmentPicker file={field.value} onChange={field.onChange} problem={problem('File', fieldState.error)} />} />
      </Stack>
    </FormDialog>
  );
}
