import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@cmp/contracts/accounts';
import type { LayoutField } from '@cmp/contracts/accountViews';
import { validateRemoteField, validateUniqueField } from '../api/accountViewOperations';
import { changedViewValues, checkField, fieldKey, type FormValues } from '../../../platform/forms/fieldRules';

/**
 * The editing state of a metadata form: values, client-side checks from the field rules (on blur
 * and on save) and the server's unique and remote checks on blur (spec §5: ValidateUniqueField,
 * ValidateRemoteFieldWithResult).
 */
export function useMetadataEditor({ fields, initial, accountType, accountId }: { fields: LayoutField[]; initial: FormValues; accountType: AccountType; accountId?: number }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>(initial);
  const [clientErrors, setClientErrors] = useState<Record<string, string | undefined>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string | undefined>>({});
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const problemText = useCallback(
    (field: LayoutField, value: unknown) => {
      const problem = checkField(field, value);
      return problem && t(problem.key, problem.params);
    },
    [t],
  );

  const setValue = (key: string, value: unknown) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServerErrors((current) => ({ ...current, [key]: undefined }));
    setClientErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };

  const onBlur = async (field: LayoutField) => {
    const key = fieldKey(field);
    const value = valuesRef.current[key];
    const problem = problemText(field, value);
    setClientErrors((current) => ({ ...current, [key]: problem }));
    if (problem || typeof value !== 'string' || !value.trim() || value === initial[key]) return;
    try {
      if (field.Unique) {
        const { IsUnique } = await validateUniqueField(accountType, key, value.trim(), accountId);
        if (!IsUnique) setServerErrors((current) => ({ ...current, [key]: t('account_view.errors.not_unique', { value: value.trim() }) }));
      }
      if (field.RemoteCheck) {
        const country = valuesRef.current[`${field.View}.Country`];
        const result = await validateRemoteField(key, value.trim(), typeof country === 'string' ? country : null);
        if (!result.IsValid) setServerErrors((current) => ({ ...current, [key]: result.Message }));
      }
    } catch {
      // The check could not run; the server checks again on save.
    }
  };

  /** Checks every editable field; answers whether the form may be sent. */
  const validateAll = (isEditable: (field: LayoutField) => boolean) => {
    const next: Record<string, string | undefined> = {};
    for (const field of fields) if (isEditable(field)) next[fieldKey(field)] = problemText(field, values[fieldKey(field)]);
    setClientErrors(next);
    return !Object.values(next).some(Boolean) && !Object.values(serverErrors).some(Boolean);
  };

  const errors = useMemo(() => {
    const merged: Record<string, string | undefined> = { ...clientErrors };
    for (const [key, text] of Object.entries(serverErrors)) if (text) merged[key] = text;
    return merged;
  }, [clientErrors, serverErrors]);

  const changes = () => changedViewValues(fields, values, initial);
  const reset = (next: FormValues) => {
    setValues(next);
    setClientErrors({});
    setServerErrors({});
  };
  return { values, setValue, onBlur: (field: LayoutField) => void onBlur(field), errors, validateAll, changes, isDirty: () => Object.keys(changes()).length > 0, reset };
}
