import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Branding } from '@cmp/contracts/branding';
import { editableBrandingSchema, type EditableBranding } from '@cmp/contracts/brandingAdmin';
import { LOCALE_NAMES, SUPPORTED_LOCALES } from '@cmp/contracts/locales';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { BRANDING_QUERY_KEY, saveBranding } from '../api/brandingOperations';
import { BrandingImageField } from './BrandingImageField';
import { brandingFieldErrors, fieldNamedIn, type FieldErrors } from './brandingFieldErrors';
import { useUnsavedChangesGuard } from '../../platform/ui/useUnsavedChangesGuard';

const CONTACT_FIELDS = ['phone_number', 'email', 'workdays_main', 'workdays_main_time', 'workdays_other', 'workdays_other_time'] as const;
const HEX = /^([0-9a-f]{3}|[0-9a-f]{6})$/i;
/** The fields this form shows; an error on any other (a value set outside the portal) shows above the form. */
const SHOWN_FIELDS = new Set(['title', 'marketplace_owner', 'colors.primary', 'register_url', 'default_locale', 'status_page_url', ...CONTACT_FIELDS.map((key) => `support_contact_info.${key}`)]);

/** The editable part of the stored branding: every field of the contract, nothing else (sso_setup_list stays with SSO_PROVIDERS). */
function editablePart(branding: Branding): EditableBranding {
  const keys = Object.keys(editableBrandingSchema.shape) as (keyof EditableBranding)[];
  return Object.fromEntries(keys.map((key) => [key, branding[key]])) as EditableBranding;
}

/** A native colour input needs #rrggbb; 3-digit colours are widened. */
function colourInputValue(hex: string): string {
  if (!HEX.test(hex)) return '#000000';
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`.toLowerCase();
}

/** spec §3 Branding configuration: the platform owner edits title, colours, links, language, the analytics switch (issue 17) and contacts. */
export function BrandingForm({ stored }: { stored: Branding }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<EditableBranding>(() => editablePart(stored));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  const isChanged = JSON.stringify(values) !== JSON.stringify(editablePart(stored));
  const { dialog, formRef } = useUnsavedChangesGuard({ hasUnsavedChanges: isChanged });

  const update = (field: string, patch: (current: EditableBranding) => EditableBranding) => {
    setValues(patch);
    setErrors(({ [field]: _removed, ...rest }) => rest);
    setFormError(undefined);
  };
  const set = (key: 'title' | 'marketplace_owner' | 'register_url' | 'default_locale' | 'status_page_url', value: string) =>
    update(key, (current) => ({ ...current, [key]: value }));
  const setPrimary = (value: string) => update('colors.primary', (current) => ({ ...current, colors: { ...current.colors, primary: value.replace(/^#/, '') } }));
  const setContact = (key: (typeof CONTACT_FIELDS)[number], value: string) =>
    update(`support_contact_info.${key}`, (current) => ({ ...current, support_contact_info: { ...current.support_contact_info, [key]: value } }));
  const takeUploaded = (branding: Branding) => {
    queryClient.setQueryData(BRANDING_QUERY_KEY, branding);
    setValues((current) => ({ ...current, logo: branding.logo, favicon: branding.favicon }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    const found = brandingFieldErrors(values, t);
    setErrors(found);
    if (Object.keys(found).length) {
      const hidden = Object.entries(found).filter(([field]) => !SHOWN_FIELDS.has(field));
      setFormError([t('branding.fix_errors'), ...hidden.map(([field, text]) => `${field}: ${text}`)].join(' '));
      return;
    }
    setIsSaving(true);
    try {
      const saved = await saveBranding(values);
      queryClient.setQueryData(BRANDING_QUERY_KEY, saved);
      // The form now shows what was stored (the server may normalise), so nothing counts as unsaved.
      setValues(editablePart(saved));
      showMessage({ type: 'success', text: t('branding.saved') });
    } catch (failure) {
      const text = failureText(failure);
      const field = failure instanceof ApiError && failure.status === 400 ? fieldNamedIn(text) : undefined;
      if (field && SHOWN_FIELDS.has(field)) setErrors({ [field]: text });
      else setFormError(text);
    } finally {
      setIsSaving(false);
    }
  };

  const fieldProps = (field: string, helper?: string) => ({
    id: `branding-${field.replace(/\./g, '-')}`,
    error: Boolean(errors[field]),
    helperText: errors[field] ?? helper,
    fullWidth: true,
  });

  return (
    <Box component="form" noValidate onSubmit={save} ref={formRef}>
      <Stack spacing={2.5}>
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <TextField label={t('branding.title')} required value={values.title} onChange={(e) => set('title', e.target.value)} {...fieldProps('title')} slotProps={{ htmlInput: { maxLength: 80 } }} />
        <TextField label={t('branding.marketplace_owner')} value={values.marketplace_owner} onChange={(e) => set('marketplace_owner', e.target.value)} {...fieldProps('marketplace_owner')} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={t('branding.primary_colour')}
            value={values.colors.primary}
            onChange={(e) => setPrimary(e.target.value)}
            {...fieldProps('colors.primary', t('branding.primary_colour_help'))}
            slotProps={{ htmlInput: { spellCheck: false, sx: { fontFamily: 'monospace' } } }}
          />
          <Box
            component="input"
            type="color"
            aria-label={t('branding.pick_colour')}
            value={colourInputValue(values.colors.primary)}
            onChange={(e: ChangeEvent<HTMLInputElement>) => setPrimary(e.target.value)}
            sx={{ width: 56, height: 56, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', cursor: 'pointer', flexShrink: 0 }}
          />
        </Stack>
        <TextField label={t('branding.register_url')} type="url" value={values.register_url} onChange={(e) => set('register_url', e.target.value)} {...fieldProps('register_url', t('branding.url_help'))} />
        <TextField
          select
          label={t('branding.default_locale')}
          value={values.default_locale}
          onChange={(e) => set('default_locale', e.target.value)}
          {...fieldProps('default_locale')}
          // "" is a real choice (the browser's language), so it shows as such and the label stays up.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('branding.browser_default')}</MenuItem>
          {SUPPORTED_LOCALES.map((locale) => (
            <MenuItem key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </MenuItem>
          ))}
        </TextField>
        <InstanceSwitch
          id="branding-analytics"
          checked={values.analytics_enabled ?? true}
          onChange={(checked) => update('analytics_enabled', (current) => ({ ...current, analytics_enabled: checked }))}
          label={t('admin_console.analytics_switch')}
          help={t('admin_console.analytics_help')}
        />
        <InstanceSwitch
          id="branding-event-hub"
          checked={values.event_hub_enabled ?? false}
          onChange={(checked) => update('event_hub_enabled', (current) => ({ ...current, event_hub_enabled: checked }))}
          label={t('admin_console.event_hub_switch')}
          help={t('admin_console.event_hub_help')}
        />
        <TextField label={t('branding.status_page_url')} type="url" value={values.status_page_url} onChange={(e) => set('status_page_url', e.target.value)} {...fieldProps('status_page_url', t('branding.url_help'))} />

        <Typography variant="subtitle1" component="h3">
          {t('branding.support_contact')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {CONTACT_FIELDS.map((key) => (
            <TextField
              key={key}
              label={t(`branding.${key}`)}
              type={key === 'email' ? 'email' : key === 'phone_number' ? 'tel' : 'text'}
              value={values.support_contact_info[key]}
              onChange={(e) => setContact(key, e.target.value)}
              {...fieldProps(`support_contact_info.${key}`)}
            />
          ))}
        </Box>

        <Typography variant="subtitle1" component="h3">
          {t('branding.images')}
        </Typography>
        <BrandingImageField kind="logo" path={values.logo} onUploaded={takeUploaded} />
        <BrandingImageField kind="favicon" path={values.favicon} onUploaded={takeUploaded} />

        <Button type="submit" variant="contained" loading={isSaving} sx={{ alignSelf: 'flex-start' }}>
          {t('common.save')}
        </Button>
      </Stack>
      {dialog}
    </Box>
  );
}

/** An instance-wide switch of the branding (analytics, the event hub), its help text read with it. */
function InstanceSwitch({ id, checked, onChange, label, help }: { id: string; checked: boolean; onChange: (checked: boolean) => void; label: string; help: string }) {
  return (
    <div>
      <FormControlLabel
        control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} slotProps={{ input: { 'aria-describedby': `${id}-help` } }} />}
        label={label}
      />
      <FormHelperText id={`${id}-help`}>{help}</FormHelperText>
    </div>
  );
}
