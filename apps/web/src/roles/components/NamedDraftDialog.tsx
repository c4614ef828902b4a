import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { NameField, nameError } from './NameField';

export interface DraftForm<Values> {
  values: Values;
  change: (update: Partial<Values>) => void;
  /** The user tried to save: the fields show their messages from now on. */
  isSubmitted: boolean;
}

interface NamedDraftDialogProps<Values extends { Name: string }> {
  /** What the dialog opens with, undefined when closed; a new draft starts the form afresh. */
  draft: Values | undefined;
  title: string;
  maxWidth?: 'sm' | 'md';
  /** The first message of the fields after the name: nothing is saved while there is one. */
  fieldError?: (values: Values) => string | undefined;
  /** Saves the values (the name trimmed); a refusal of the server stays in the dialog. */
  onSave: (values: Values) => Promise<unknown>;
  /** After the save, once the dialog has closed: the lists load again. */
  onSaved: () => Promise<unknown>;
  onClose: () => void;
  /** The fields after the name. */
  children: (form: DraftForm<Values>) => ReactNode;
}

/**
 * What the role and the capability set dialogs (issue 17) share: the name first, checked by the
 * contract's rule; every field's message once the user tried to save; the server's refusal above the
 * fields, or "saved" and the dialog closes; and a question before a change is thrown away (a set's
 * matrix is a lot of clicks).
 */
export function NamedDraftDialog<Values extends { Name: string }>({ draft, title, maxWidth, fieldError, onSave, onSaved, onClose, children }: NamedDraftDialogProps<Values>) {
  const { t } = useTranslation();
  const [values, setValues] = useState(draft);
  const [isChanged, setIsChanged] = useState(false);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  // Closed (no draft), the dialog keeps showing what it had while it fades out.
  useEffect(() => {
    if (!draft) return;
    setValues(draft);
    setIsChanged(false);
    setIsSubmitted(false);
    setServerError(undefined);
  }, [draft]);

  const change = (update: Partial<Values>) => {
    setValues((current) => current && { ...current, ...update });
    setIsChanged(true);
  };

  const submit = async () => {
    if (!values) return;
    setIsSubmitted(true);
    if (nameError(t, values.Name) || fieldError?.(values)) return;
    setIsSaving(true);
    try {
      await onSave({ ...values, Name: values.Name.trim() });
    } catch (failure) {
      setServerError(failureText(failure));
      return;
    } finally {
      setIsSaving(false);
    }
    showMessage({ type: 'success', text: t('common.changes_saved') });
    onClose();
    await onSaved();
  };

  return (
    <FormDialog
      open={draft !== undefined}
      title={title}
      maxWidth={maxWidth}
      serverError={serverError}
      isBusy={isSaving}
      hasUnsavedChanges={isChanged}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {values && (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <NameField value={values.Name} onChange={(Name) => change({ Name } as Partial<Values>)} isSubmitted={isSubmitted} />
          {children({ values, change, isSubmitted })}
        </Stack>
      )}
    </FormDialog>
  );
}
