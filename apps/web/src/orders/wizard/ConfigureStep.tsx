import { useTranslation } from 'react-i18next';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_ORDER_QUANTITY, type AvailableService, type BillingFrequency, type Commitment } from '@cmp/contracts/orders';
import { OrderViewFields, type ViewFieldsState } from './OrderViewFields';
import { frequenciesOf, withCommitment, type ConfigurationField, type ConfigurationProblems, type OrderConfiguration } from './orderWizardState';

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
      <OrderViewFields viewFields={viewFields} values={configuration.viewValues} onChange={setViewValue} shownProblems={shownProblems} onBlur={onBlur} />
    </Stack>
  );
}
