import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOGO_PATH_PATTERN, type VendorProfile } from '@cmp/contracts/catalog';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { useUnsavedChangesGuard } from '../../platform/ui/useUnsavedChangesGuard';
import { saveVendorProfile, vendorProfileKey } from '../api/serviceManagementOperations';
import { LanguageSelect } from './LanguageSelect';

interface ProfileForm {
  Descriptions: Record<string, string>;
  LogoPath: string;
  SupportEmail: string;
  SupportPhone: string;
  SupportUrl: string;
  WebsiteUrl: string;
}

const formOf = (profile: VendorProfile): ProfileForm => ({
  Descriptions: { ...profile.Descriptions },
  LogoPath: profile.LogoPath ?? '',
  SupportEmail: profile.SupportEmail ?? '',
  SupportPhone: profile.SupportPhone ?? '',
  SupportUrl: profile.SupportUrl ?? '',
  WebsiteUrl: profile.WebsiteUrl ?? '',
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()\-/]{4,30}$/;
const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** The checks of SaveVendorProfile, so the form names the field before sending. */
export function profileProblems(form: ProfileForm): Partial<Record<keyof ProfileForm, string>> {
  const problems: Partial<Record<keyof ProfileForm, string>> = {};
  if (form.SupportEmail.trim() && !EMAIL.test(form.SupportEmail.trim())) problems.SupportEmail = 'catalog.problem_email';
  if (form.SupportPhone.trim() && !PHONE.test(form.SupportPhone.trim())) problems.SupportPhone = 'catalog.problem_phone';
  if (form.SupportUrl.trim() && !URL_PATTERN.test(form.SupportUrl.trim())) problems.SupportUrl = 'catalog.problem_url';
  if (form.WebsiteUrl.trim() && !URL_PATTERN.test(form.WebsiteUrl.trim())) problems.WebsiteUrl = 'catalog.problem_url';
  if (form.LogoPath.trim() && !LOGO_PATH_PATTERN.test(form.LogoPath.trim())) problems.LogoPath = 'catalog.problem_logo_path';
  return problems;
}

/** My vendor profile's form: profile text per language, logo, support contact, website. Read-only without Create/Execute. */
export function VendorProfileForm({ profile }: { profile: VendorProfile }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const initial = useMemo(() => formOf(profile), [profile]);
  const [form, setForm] = useState(initial);
  const [language, setLanguage] = useState(i18n.language in profile.Descriptions || i18n.language === 'en' ? i18n.language : 'en');
  const [problems, setProblems] = useState<Partial<Record<keyof ProfileForm, string>>>({});
  const [serverError, setServerError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => setForm(initial), [initial]);
  const isChanged = JSON.stringify(form) !== JSON.stringify(initial);
  const { dialog, formRef } = useUnsavedChangesGuard({ hasUnsavedChanges: isChanged && profile.CanEdit });
  const readOnly = !profile.CanEdit;

  const set = (field: Exclude<keyof ProfileForm, 'Descriptions'>) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = profileProblems(form);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    setIsSaving(true);
    setServerError(undefined);
    try {
      const saved = await saveVendorProfile(profile.VendorAccountId, {
        Descriptions: form.Descriptions,
        LogoPath: form.LogoPath.trim() || null,
        SupportEmail: form.SupportEmail.trim() || null,
        SupportPhone: form.SupportPhone.trim() || null,
        SupportUrl: form.SupportUrl.trim() || null,
        WebsiteUrl: form.WebsiteUrl.trim() || null,
      });
      queryClient.setQueryData(vendorProfileKey(profile.VendorAccountId), saved);
      showMessage({ type: 'success', text: t('catalog.profile_saved', { name: profile.VendorName }) });
    } catch (error) {
      setServerError(failureText(error));
    } finally {
      setIsSaving(false);
    }
  };

  const field = (name: Exclude<keyof ProfileForm, 'Descriptions'>, label: string, type = 'text', help?: string) => (
    <TextField
      label={label}
      type={type}
      value={form[name]}
      onChange={(event) => set(name)(event.target.value)}
      error={Boolean(problems[name])}
      helperText={problems[name] ? t(problems[name]) : (help ?? ' ')}
      slotProps={{ input: { readOnly }, htmlInput: { autoComplete: 'off' } }}
      fullWidth
    />
  );

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-labelledby={headingId}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('catalog.profile_title', { name: profile.VendorName })}
        </Typography>
        {readOnly && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('catalog.profile_read_only')}
          </Alert>
        )}
        {serverError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        )}
        <Stack spacing={2}>
          <LanguageSelect label={t('catalog.text_language')} value={language} onChange={setLanguage} filled={form.Descriptions} />
          <TextField
            label={t('catalog.profile_text')}
            multiline
            minRows={4}
            value={form.Descriptions[language] ?? ''}
            onChange={(event) => setForm((current) => ({ ...current, Descriptions: { ...current.Descriptions, [language]: event.target.value } }))}
            slotProps={{ input: { readOnly }, htmlInput: { maxLength: 4000 } }}
            helperText={t('catalog.profile_text_help')}
            fullWidth
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {field('SupportEmail', t('catalog.support_email'), 'email')}
            {field('SupportPhone', t('catalog.support_phone'), 'tel')}
            {field('SupportUrl', t('catalog.support_url'), 'url')}
            {field('WebsiteUrl', t('catalog.website'), 'url')}
            {field('LogoPath', t('catalog.logo_path'), 'text', t('catalog.logo_path_help'))}
          </Box>
          {!readOnly && (
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" loading={isSaving} disabled={!isChanged}>
                {t('common.save')}
              </Button>
              <Button onClick={() => setForm(initial)} disabled={!isChanged || isSaving}>
                {t('catalog.discard')}
              </Button>
            </Stack>
          )}
        </Stack>
      </form>
      {dialog}
    </Paper>
  );
}
