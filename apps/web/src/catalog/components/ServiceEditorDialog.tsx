import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiPlus } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BILLING_PERIODS, BILLING_RULES, COMMITMENT_TERMS, type VendorService } from '@cmp/contracts/catalog';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { checkServiceForm, emptyItem, formOfService, serviceInputOf, type FormProblems, type ItemForm, type ServiceForm } from '../utils/serviceForm';
import type { VendorServiceInput } from '../api/serviceManagementOperations';
import { LanguageSelect } from './LanguageSelect';
import { ServiceItemsTable } from './ServiceItemsTable';

export type ServiceEditorState = { mode: 'new' } | { mode: 'edit'; service: VendorService };

interface ServiceEditorDialogProps {
  state: ServiceEditorState | undefined;
  /** Resolves with the server's refusal, or undefined once saved. */
  onSave: (serviceName: string, revisionId: number | undefined, service: VendorServiceInput) => Promise<string | undefined>;
  onClose: () => void;
}

/** A vendor's service: names and descriptions per language, commercial facts, terms and its priceable items. */
export function ServiceEditorDialog({ state, onSave, onClose }: ServiceEditorDialogProps) {
  const { t, i18n } = useTranslation();
  const itemsHeadingId = useId();
  const service = state?.mode === 'edit' ? state.service : undefined;
  const [initial, setInitial] = useState<ServiceForm>(() => formOfService(undefined));
  const [form, setForm] = useState<ServiceForm>(initial);
  const [language, setLanguage] = useState('en');
  const [problems, setProblems] = useState<FormProblems>({});
  const [serverError, setServerError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    const start = formOfService(service);
    setInitial(start);
    setForm(start);
    setLanguage('en');
    setProblems({});
    setServerError(undefined);
  }, [state, service]);

  const isNew = state?.mode === 'new';
  const isChanged = JSON.stringify({ ...form, Items: form.Items.map(({ key: _key, ...item }) => item) }) !== JSON.stringify({ ...initial, Items: initial.Items.map(({ key: _key, ...item }) => item) });
  const problem = (field: string) => (problems[field] ? t(problems[field]) : undefined);
  const update = (changes: Partial<ServiceForm>, ...fields: string[]) => {
    setForm((current) => ({ ...current, ...changes }));
    if (fields.length) setProblems((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !fields.includes(key))));
  };
  const updateItem = (index: number, changes: Partial<ItemForm>) => {
    setForm((current) => ({ ...current, Items: current.Items.map((item, position) => (position === index ? { ...item, ...changes } : item)) }));
    setProblems((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !Object.keys(changes).some((field) => key === `Items.${index}.${field}`))));
  };

  const submit = async () => {
    const found = checkServiceForm(form, isNew);
    setProblems(found);
    if (Object.keys(found).length) {
      if (found['DisplayNames.en']) setLanguage('en');
      return;
    }
    setIsSaving(true);
    setServerError(await onSave(isNew ? form.ServiceName.trim() : service!.ServiceName, service?.Revision, serviceInputOf(form)));
    setIsSaving(false);
  };

  const names = new Intl.DisplayNames([i18n.language], { type: 'language', fallback: 'code' });
  const languageName = names.of(language) ?? language;

  return (
    <FormDialog
      open={state !== undefined}
      title={service ? t('catalog.edit_service_title', { name: service.DisplayName }) : t('catalog.new_service')}
      serverError={serverError}
      isBusy={isSaving}
      hasUnsavedChanges={isChanged}
      submitLabel={isNew ? t('catalog.create_service') : t('common.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxWidth="lg"
    >
      {Object.keys(problems).length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('catalog.form_has_problems')}
        </Alert>
      )}
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
          <TextField
            label={t('catalog.field_service_name')}
            required
            value={form.ServiceName}
            onChange={(event) => update({ ServiceName: event.target.value.toUpperCase() }, 'ServiceName')}
            error={Boolean(problems.ServiceName)}
            helperText={problem('ServiceName') ?? t('catalog.service_name_help')}
            slotProps={{ input: { readOnly: !isNew }, htmlInput: { maxLength: 50, autoComplete: 'off' } }}
          />
          <TextField label={t('catalog.field_sku')} value={form.VendorSku} onChange={(event) => update({ VendorSku: event.target.value })} slotProps={{ htmlInput: { maxLength: 100 } }} helperText=" " />
          <TextField label={t('catalog.field_product_number')} value={form.ProductNumber} onChange={(event) => update({ ProductNumber: event.target.value })} slotProps={{ htmlInput: { maxLength: 100 } }} helperText=" " />
        </Box>
        <LanguageSelect label={t('catalog.text_language')} value={language} onChange={setLanguage} filled={form.DisplayNames} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
          <TextField
            label={t('catalog.field_display_name', { language: languageName })}
            required={language === 'en'}
            value={form.DisplayNames[language] ?? ''}
            onChange={(event) => update({ DisplayNames: { ...form.DisplayNames, [language]: event.target.value } }, `DisplayNames.${language}`)}
            error={Boolean(problems[`DisplayNames.${language}`])}
            helperText={problem(`DisplayNames.${language}`) ?? (language === 'en' ? t('catalog.english_required') : ' ')}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={t('catalog.field_description', { language: languageName })}
            multiline
            minRows={2}
            value={form.Descriptions[language] ?? ''}
            onChange={(event) => update({ Descriptions: { ...form.Descriptions, [language]: event.target.value } })}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
            helperText=" "
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' } }}>
          <TextField
            label={t('catalog.field_category')}
            required
            value={form.Category}
            onChange={(event) => update({ Category: event.target.value }, 'Category')}
            error={Boolean(problems.Category)}
            helperText={problem('Category') ?? ' '}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField label={t('catalog.field_tags')} value={form.Tags} onChange={(event) => update({ Tags: event.target.value })} helperText={t('catalog.tags_help')} />
          <TextField select label={t('catalog.field_billing_rule')} value={form.BillingRule} onChange={(event) => update({ BillingRule: event.target.value as ServiceForm['BillingRule'] })} helperText=" ">
            {BILLING_RULES.map((rule) => (
              <MenuItem key={rule} value={rule}>
                {t(`catalog.billing_rule_${rule}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={t('catalog.field_billing_period')} value={form.BillingPeriod} onChange={(event) => update({ BillingPeriod: event.target.value as ServiceForm['BillingPeriod'] })} helperText=" ">
            {BILLING_PERIODS.map((period) => (
              <MenuItem key={period} value={period}>
                {t(`catalog.billing_period_${period}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('catalog.field_currency')}
            required
            value={form.Currency}
            onChange={(event) => update({ Currency: event.target.value.toUpperCase() }, 'Currency')}
            error={Boolean(problems.Currency)}
            helperText={problem('Currency') ?? ' '}
            slotProps={{ htmlInput: { maxLength: 3 } }}
          />
          <TextField
            label={t('catalog.field_icon_path')}
            value={form.IconPath}
            onChange={(event) => update({ IconPath: event.target.value }, 'IconPath')}
            error={Boolean(problems.IconPath)}
            helperText={problem('IconPath') ?? t('catalog.icon_path_help')}
            sx={{ gridColumn: { md: 'span 3' } }}
          />
        </Box>
        <FormControl error={Boolean(problems.CommitmentTerms)} component="fieldset">
          <FormLabel component="legend">{t('catalog.field_commitment_terms')}</FormLabel>
          <FormGroup row>
            {COMMITMENT_TERMS.map((term) => (
              <FormControlLabel
                key={term}
                label={t(`catalog.commitment_${term}`)}
                control={
                  <Checkbox
                    checked={form.CommitmentTerms.includes(term)}
                    onChange={(event) =>
                      update({ CommitmentTerms: event.target.checked ? COMMITMENT_TERMS.filter((each) => each === term || form.CommitmentTerms.includes(each)) : form.CommitmentTerms.filter((each) => each !== term) }, 'CommitmentTerms')
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {problems.CommitmentTerms && <FormHelperText>{problem('CommitmentTerms')}</FormHelperText>}
        </FormControl>
        <TextField label={t('catalog.field_terms')} multiline minRows={2} value={form.TermsOfService} onChange={(event) => update({ TermsOfService: event.target.value })} slotProps={{ htmlInput: { maxLength: 20000 } }} />
        <FormControlLabel control={<Switch checked={form.IsActive} onChange={(event) => update({ IsActive: event.target.checked })} />} label={t('catalog.field_active')} />
        <Typography id={itemsHeadingId} variant="subtitle1" component="h3">
          {t('catalog.items_title')}
        </Typography>
        <ServiceItemsTable
          items={form.Items}
          problems={problems}
          labelledBy={itemsHeadingId}
          onChange={updateItem}
          onRemove={(index) => setForm((current) => ({ ...current, Items: current.Items.filter((_, position) => position !== index) }))}
        />
        <Box>
          <Button startIcon={<MdiIcon path={mdiPlus} />} onClick={() => update({ Items: [...form.Items, emptyItem()] }, 'Items')}>
            {t('catalog.add_item')}
          </Button>
        </Box>
      </Stack>
    </FormDialog>
  );
}
