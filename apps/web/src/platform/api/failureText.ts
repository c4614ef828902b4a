import i18next from 'i18next';

/** The user-facing text of a failed call (its ApiError message, spec §8), for screens that show it themselves. */
export function failureText(failure: unknown): string {
  return failure instanceof Error && failure.message ? failure.message : i18next.t('errors.unknown_error');
}
