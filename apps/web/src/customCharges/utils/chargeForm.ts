import { z } from 'zod';
import {
  CUSTOM_CHARGE_CHECKS,
  CUSTOM_CHARGE_DESCRIPTION_MAX_LENGTH,
  MAX_ATTACHMENT_BYTES,
  attachmentExtension,
  customChargeInputSchema,
  type CustomChargeInput,
} from '@cmp/contracts/customCharges';
import { attachmentOf } from '../../platform/files/attachmentFile';

// The "Add charge" form: the contract's field checks (the ones the server runs again), plus what
// only the form knows — the currency's minor unit and the file the user picked.

export const FORM_CHECKS = { ...CUSTOM_CHARGE_CHECKS, scale: 'too many decimals', fileTooLarge: 'file too large' } as const;

/** The contract's check messages, as keys of custom_charges.errors.* in the user's language. */
export const CHECK_MESSAGE_KEYS: Record<string, string> = {
  [FORM_CHECKS.required]: 'custom_charges.errors.required',
  [FORM_CHECKS.tooLong]: 'custom_charges.errors.too_long',
  [FORM_CHECKS.amount]: 'custom_charges.errors.amount',
  [FORM_CHECKS.nonZero]: 'custom_charges.errors.non_zero',
  [FORM_CHECKS.fileType]: 'custom_charges.errors.file_type',
  [FORM_CHECKS.scale]: 'custom_charges.errors.scale',
  [FORM_CHECKS.fileTooLarge]: 'custom_charges.errors.file_too_large',
};

/** Decimals written in an amount, trailing zeros not counted ("12.50" has 1, as the server counts). */
export const decimalsOf = (amount: string) => (amount.trim().split('.')[1] ?? '').replace(/0+$/, '').length;

const { shape } = customChargeInputSchema;

/** The form's schema for a currency whose amounts have `minorUnits` decimals. */
export function chargeFormSchema(minorUnits: number) {
  const withinMinorUnit = (schema: z.ZodType<string>) => schema.refine((amount) => decimalsOf(amount) <= minorUnits, FORM_CHECKS.scale);
  return z.object({
    Name: shape.Name,
    Price: withinMinorUnit(shape.Price),
    Cost: withinMinorUnit(shape.Cost),
    Description: z.string().trim().max(CUSTOM_CHARGE_DESCRIPTION_MAX_LENGTH, FORM_CHECKS.tooLong),
    File: z
      .custom<File | null>((value) => value === null || value instanceof File)
      .refine((file) => file === null || attachmentExtension(file.name) !== undefined, FORM_CHECKS.fileType)
      .refine((file) => file === null || file.size <= MAX_ATTACHMENT_BYTES, FORM_CHECKS.fileTooLarge),
  });
}
export type ChargeFormValues = z.infer<ReturnType<typeof chargeFormSchema>>;

export const EMPTY_CHARGE_FORM: ChargeFormValues = { Name: '', Price: '', Cost: '0', Description: '', File: null };

/** The form's values as `customCharge` of CreateCustomCharge. */
export async function chargeInputOf(values: ChargeFormValues): Promise<CustomChargeInput> {
  return {
    Name: values.Name.trim(),
    Price: values.Price.trim(),
    Cost: values.Cost.trim(),
    ...(values.Description.trim() ? { Description: values.Description.trim() } : {}),
    ...(values.File ? { Attachment: await attachmentOf(values.File) } : {}),
  };
}
