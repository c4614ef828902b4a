import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  KNOWLEDGE_BASE_BODY_MAX_LENGTH,
  KNOWLEDGE_BASE_CHECKS,
  KNOWLEDGE_BASE_SUMMARY_MAX_LENGTH,
  KNOWLEDGE_BASE_TITLE_MAX_LENGTH,
  KNOWLEDGE_BASE_URL_MAX_LENGTH,
  knowledgeBaseArticleInputSchema,
  type KnowledgeBaseArticle,
  type KnowledgeBaseArticleInput,
} from '@cmp/contracts/knowledgeBase';
import { DEFAULT_LOCALE, LOCALE_NAMES, SUPPORTED_LOCALES, normalizeLocale } from '@cmp/contracts/locales';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';

type ArticleField = Exclude<keyof KnowledgeBaseArticleInput, 'Id'>;
const FIELDS: ArticleField[] = ['Locale', 'Title', 'Summary', 'Body', 'Url', 'IsPublished'];
const MAX_LENGTH: Partial<Record<ArticleField, number>> = {
  Title: KNOWLEDGE_BASE_TITLE_MAX_LENGTH,
  Summary: KNOWLEDGE_BASE_SUMMARY_MAX_LENGTH,
  Body: KNOWLEDGE_BASE_BODY_MAX_LENGTH,
  Url: KNOWLEDGE_BASE_URL_MAX_LENGTH,
};
// The contract's check messages, shown in the portal in the user's language.
const MESSAGE_KEYS: Record<string, string> = {
  [KNOWLEDGE_BASE_CHECKS.required]: 'knowledge_base.errors.required',
  [KNOWLEDGE_BASE_CHECKS.tooLong]: 'knowledge_base.errors.too_long',
  [KNOWLEDGE_BASE_CHECKS.url]: 'knowledge_base.errors.url',
  [KNOWLEDGE_BASE_CHECKS.locale]: 'knowledge_base.errors.locale',
};

interface KnowledgeBaseArticleDialogProps {
  /** The article to edit; undefined writes a new one. */
  article: KnowledgeBaseArticle | undefined;
  /** Saves and resolves when done; rejects with the server's refusal, shown in the form. */
  onSave: (values: KnowledgeBaseArticleInput) => Promise<void>;
  onClose: () => void;
}

/**
 * The form of one article. The contract's schema checks it here before sending and again on the
 * server; a refusal the server names a field for ("article.Url: …") is shown at that field.
 */
export function KnowledgeBaseArticleDialog({ article, onSave, onClose }: KnowledgeBaseArticleDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [error, setError] = useState<string>();
  const {
    register,
    control,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<KnowledgeBaseArticleInput>({
    defaultValues: article
      ? { Id: article.Id, Locale: article.Locale, Title: article.Title, Summary: article.Summary, Body: article.Body, Url: article.Url ?? '', IsPublished: article.IsPublished }
      : { Locale: normalizeLocale(i18n.language) ?? DEFAULT_LOCALE, Title: '', Summary: '', Body: '', Url: '', IsPublished: true },
    resolver: zodResolver(knowledgeBaseArticleInputSchema) as never,
  });

  const save = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await onSave(values);
    } catch (failure) {
      const text = failureText(failure);
      const field = FIELDS.find((name) => text.includes(`article.${name}`));
      if (failure instanceof ApiError && failure.status === 400 && field) setFieldError(field, { type: 'server', message: text });
      else setError(text);
    }
  });

  const helperText = (field: ArticleField, fieldError: FieldError | undefined) => {
    if (!fieldError) return t(`knowledge_base.help.${field}`, { defaultValue: '' }) || undefined;
    const key = fieldError.type === 'server' ? undefined : MESSAGE_KEYS[fieldError.message ?? ''];
    return key ? t(key, { max: MAX_LENGTH[field] }) : fieldError.message;
  };
  const textField = (field: ArticleField) => ({
    ...register(field),
    id: `knowledge-base-${field}`,
    label: t(`knowledge_base.fields.${field}`),
    fullWidth: true,
    error: Boolean(errors[field]),
    helperText: helperText(field, errors[field]),
  });

  return (
    <FormDialog
      open
      title={t(article ? 'knowledge_base.dialog_edit_title' : 'knowledge_base.dialog_new_title')}
      titleId={titleId}
      maxWidth="md"
      serverError={error}
      isBusy={isSubmitting}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          control={control}
          name="Locale"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="knowledge-base-Locale"
              select
              autoFocus
              label={t('knowledge_base.fields.Locale')}
              error={Boolean(fieldState.error)}
              helperText={helperText('Locale', fieldState.error)}
              sx={{ maxWidth: 320 }}
            >
              {SUPPORTED_LOCALES.map((locale) => (
                <MenuItem key={locale} value={locale} lang={locale}>
                  {LOCALE_NAMES[locale]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField {...textField('Title')} required />
        <TextField {...textField('Summary')} required multiline minRows={2} />
        <TextField {...textField('Body')} required multiline minRows={5} />
        <TextField {...textField('Url')} type="url" />
        <Controller
          control={control}
          name="IsPublished"
          render={({ field }) => (
            <div>
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref, 'aria-describedby': `${titleId}-published-help` } }}
                  />
                }
                label={t('knowledge_base.fields.IsPublished')}
              />
              <FormHelperText id={`${titleId}-published-help`} sx={{ mt: 0 }}>
                {t('knowledge_base.help.IsPublished')}
              </FormHelperText>
            </div>
          )}
        />
      </Stack>
    </FormDialog>
  );
}
