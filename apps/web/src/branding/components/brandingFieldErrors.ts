import type { TFunction } from 'i18next';
import { editableBrandingSchema, type EditableBranding } from '@cmp/contracts/brandingAdmin';

/** Field path (`title`, `colors.primary`, `support_contact_info.email`) → message. */
export type FieldErrors = Partial<Record<string, string>>;

/** The contract's validation, run before the call so each field shows its own message (STYLE.md: validation lives once). */
export function brandingFieldErrors(branding: EditableBranding, t: TFunction): FieldErrors {
  const parsed = editableBrandingSchema.safeParse(branding);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    errors[field] ??= messageFor(field, issue.code, t);
  }
  return errors;
}

/** The server names the field in its 400 message ("Invalid request: branding.title: …"): find which. */
export function fieldNamedIn(message: string): string | undefined {
  return /branding\.([\w.]+):/.exec(message)?.[1];
}

function messageFor(field: string, code: string, t: TFunction): string {
  if (code === 'too_big') return t('branding.error_too_long');
  if (field === 'title') return t('branding.error_required');
  if (field.startsWith('colors.')) return t('branding.error_colour');
  if (field.endsWith('_url')) return t('branding.error_url');
  if (field === 'default_locale') return t('branding.error_locale');
  return t('branding.error_invalid');
}
