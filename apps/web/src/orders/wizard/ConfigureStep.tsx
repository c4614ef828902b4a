import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LayoutField, LayoutPage } from '@cmp/contracts/accountViews';
import { MAX_ORDER_QUANTITY, type AvailableService, type BillingFrequency, type Commitment } from '@cmp/contracts/orders';
import { MetadataForm } from '../../accounts/view/components/MetadataForm';
import { fieldKey, type FieldProblem } from '../../accounts/view/utils/fieldRules';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { frequenciesOf, withCommitment, type ConfigurationField, type ConfigurationProblems, type OrderConfiguration, type ViewFieldKey } from './orderWizardState';

/** The service's view fields (its Product layout, issue 14): loading, failed, or the pages to fill (none: nothing shown). */
export interface ViewFieldsState {
  pages: LayoutPage[];
  isLoading: boolean;
  error?: string;
  onRetry: () => void;
  problems: Partial<Record<ViewFieldKey, FieldProblem>>;
}

interface ConfigureStepProps {
  service: AvailableService;
  configuration: OrderConfiguration;
  onChange: (configuration: OrderConfiguration) => void;
  problems: ConfigurationProblems;
  /** Problems are shown once the user tried to go on (or left the field). */
  shownProblems: ReadonlySet<ConfigurationField>;
  onBlur: (field: ConfigurationField) => void;
  viewFields: ViewFieldsState;
}

/**
 * Quantity, commitment term (only the service's), billing frequency (only the term's), prepaid when
 * the service is prepaid, and the product's view fields rendered from its layout by the account
 * forms' renderer (MetadataForm), with their messages naming the field.
 */
export function ConfigureStep({ service, configuration, onChange, problems, shownProblems, onBlur, viewFields }: ConfigureStepProps) {
  const { t, i18n } = useTranslation();
  const max = new Intl.NumberFormat(i18n.language).format(MAX_ORDER_QUANTITY);
  const problemOf = (field: ConfigurationField) => (shownProblems.has(field) && problems[field] ? t(`order_wizard.errors.${problems[field]}`, { max }) : undefined);
  const quantityProblem = problemOf('quantity');
  const commitmentProblem = problemOf('commitment');
  const frequencyProblem = problemOf('billingFrequency');
  const viewErrors: Record<string, string | undefined> = {};
  for (const [key, problem] of Object.entries(viewFields.problems)) {
    if (!problem || !shownProblems.has(key as ViewFieldKey)) continue;
    const label = viewFields.pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields)).find((field) => fieldKey(field) === key)?.DisplayValue ?? key;
    // account_view.errors.required → order_wizard.errors.view_required, which names the field.
    viewErrors[key] = t(`order_wizard.errors.view_${problem.key.split('.').pop()}`, { ...problem.params, field: label });
  }
  const setViewValue = (key: string, value: unknown) => onChange({ ...configuration, viewValues: { ...configuration.viewValues, [key]: value } });
  return (
    <Stack spacing={3} sx={{ maxWidth: 520 }}>
      <Typography>{t('order_wizard.configure_intro', { service: service.DisplayName })}</Typography>
      <TextField
        id="order-quantity"
        label={t('order_wizard.quantity')}
        required
        value={configuration.quantity}
        onChange={(event) => onChange({ ...configuration, quantity: event.target.value })}
        onBlur={() => onBlur('quantity')}
        error={Boolean(quantityProblem)}
        helperText={quantityProblem ?? t('order_wizard.quantity_help', { max, unit: service.PriceUnit ?? t('order_wizard.unit_default') })}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 6 } }}
      />
      <TextField
        id="order-commitment"
        select
        required
        label={t('order_wizard.commitment')}
        value={configuration.commitment}
        onChange={(event) => onChange(withCommitment(configuration, event.target.value as Commitment))}
        onBlur={() => onBlur('commitment')}
        error={Boolean(commitmentProblem)}
        helperText={commitmentProblem ?? t('order_wizard.commitment_help')}
      >
        {service.Commitments.map((term) => (
          <MenuItem key={term} value={term}>
            {t(`order_wizard.commitments.${term}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="order-billing-frequency"
        select
        required
        label={t('order_wizard.billing_frequency')}
        value={configuration.billingFrequency}
        onChange={(event) => onChange({ ...configuration, billingFrequency: event.target.value as BillingFrequency })}
        onBlur={() => onBlur('billingFrequency')}
        error={Boolean(frequencyProblem)}
        helperText={frequencyProblem ?? t('order_wizard.billing_frequency_help')}
        disabled={!configuration.commitment}
      >
        {frequenciesOf(configuration.commitment).map((frequency) => (
          <MenuItem key={frequency} value={frequency}>
            {t(`order_wizard.frequencies.${frequency}`)}
          </MenuItem>
        ))}
      </TextField>
      {service.IsPrepaid && (
        <div>
          <FormControlLabel
            control={<Switch checked={configuration.isPrepaid} onChange={(event) => onChange({ ...configuration, isPrepaid: event.target.checked })} slotProps={{ input: { 'aria-describedby': 'order-prepaid-help' } }} />}
            label={t('order_wizard.prepaid')}
          />
          <FormHelperText id="order-prepaid-help">{t('order_wizard.prepaid_help')}</FormHelperText>
        </div>
      )}
      {viewFields.isLoading && <LoadingIndicator label={t('order_wizard.view_fields_loading')} />}
      {viewFields.error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={viewFields.onRetry}>
              {t('order_wizard.view_fields_retry')}
            </Button>
          }
        >
          {t('order_wizard.view_fields_error', { error: viewFields.error })}
        </Alert>
      )}
      {viewFields.pages.length > 0 && (
        <MetadataForm
          pages={viewFields.pages}
          values={configuration.viewValues}
          isEditing
          errors={viewErrors}
          onChange={setViewValue}
          onBlur={(field: LayoutField) => onBlur(fieldKey(field) as ViewFieldKey)}
          headingLevel={3}
          columns={1}
        />
      )}
    </Stack>
  );
}
