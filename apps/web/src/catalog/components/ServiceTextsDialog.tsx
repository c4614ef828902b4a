import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MyService } from '@cmp/contracts/catalog';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { LanguageSelect } from './LanguageSelect';

interface ServiceTextsDialogProps {
  service: MyService | undefined;
  /** Resolves with the server's refusal, or undefined once saved. */
  onSave: (service: MyService, texts: { DisplayNames: Record<string, string>; Descriptions: Record<string, string> }) => Promise<string | undefined>;
  onClose: () => void;
}

/** A reseller's own name and description of a service per language, shown to its customers instead of the vendor's. */
export function ServiceTextsDialog({ service, onSave, onClose }: ServiceTextsDialogProps) {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState(i18n.language);
  const [names, setNames] = useState<Record<string, string>>({});
  const [descriptions, setDescriptions] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => {
    setNames({ ...service?.DisplayNames });
    setDescriptions({ ...service?.Descriptions });
    setLanguage(i18n.language);
    setServerError(undefined);
  }, [service, i18n.language]);
  const languageName = new Intl.DisplayNames([i18n.language], { type: 'language', fallback: 'code' }).of(language) ?? language;

  const submit = async () => {
    if (!service) return;
    setIsSaving(true);
    setServerError(await onSave(service, { DisplayNames: names, Descriptions: descriptions }));
    setIsSaving(false);
  };

  return (
    <FormDialog
      open={service !== undefined}
      title={t('catalog.edit_texts_title', { name: service?.DisplayName ?? '' })}
      serverError={serverError}
      isBusy={isSaving}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography color="text.secondary">{t('catalog.edit_texts_intro')}</Typography>
        <LanguageSelect label={t('catalog.text_language')} value={language} onChange={setLanguage} filled={{ ...descriptions, ...names }} />
        <TextField
          autoFocus
          label={t('catalog.field_display_name', { language: languageName })}
          value={names[language] ?? ''}
          placeholder={service?.DisplayName}
          onChange={(event) => setNames((current) => ({ ...current, [language]: event.target.value }))}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          helperText={t('catalog.override_help')}
          fullWidth
        />
        <TextField
          label={t('catalog.field_description', { language: languageName })}
          multiline
          minRows={3}
          value={descriptions[language] ?? ''}
          onChange={(event) => setDescriptions((current) => ({ ...current, [language]: event.target.value }))}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
          fullWidth
        />
      </Stack>
    </FormDialog>
  );
}
