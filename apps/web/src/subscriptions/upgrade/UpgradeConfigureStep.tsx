import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UpgradeOption, UpgradeType } from '@cmp/contracts/upgrades';
import { formatMoney } from '../../platform/money/formatMoney';
import { formatDate } from '../../platform/dates/formatDate';
import { OrderViewFields, type ViewFieldsState } from '../../orders/public';
import { canBePartial, canUseExisting, type UpgradeConfiguration, type UpgradeField, type UpgradeProblems } from './upgradeWizardState';

interface UpgradeConfigureStepProps {
  option: UpgradeOption;
  sourceQuantity: number;
  configuration: UpgradeConfiguration;
  onChange: (configuration: UpgradeConfiguration) => void;
  problems: UpgradeProblems;
  /** Problems are shown once the user tried to go on (or left the field). */
  shownProblems: ReadonlySet<UpgradeField>;
  onBlur: (field: UpgradeField) => void;
  /** The target service's view fields a new subscription asks for (its Product layout, as an order's). */
  viewFields: ViewFieldsState;
}

/** All seats or some (1 … quantity − 1; a downgrade moves all), into a new subscription or an existing one of the target service. */
export function UpgradeConfigureStep({ option, sourceQuantity, configuration, onChange, problems, shownProblems, onBlur, viewFields }: UpgradeConfigureStepProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const typeLabelId = useId();
  const targetLabelId = useId();
  const max = new Intl.NumberFormat(locale).format(Math.max(1, sourceQuantity - 1));
  const problemOf = (field: UpgradeField) => (shownProblems.has(field) && problems[field] ? t(`upgrade_wizard.errors.${problems[field]}`, { max }) : undefined);
  const seatsProblem = problemOf('seats');
  const targetProblem = problemOf('target');
  const isNewTarget = configuration.target === 'new';
  const partialPossible = canBePartial(option, sourceQuantity);
  const existingAllowed = canUseExisting(option);
  const typeHelp = option.Kind === 'Downgrade' ? t('upgrade_wizard.type_help_downgrade') : !partialPossible ? t('upgrade_wizard.type_help_single_seat') : t('upgrade_wizard.type_help');

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography>{t('upgrade_wizard.configure_intro', { service: option.DisplayName })}</Typography>
      <FormControl>
        <FormLabel id={typeLabelId}>{t('upgrade_wizard.type_label')}</FormLabel>
        <RadioGroup aria-labelledby={typeLabelId} aria-describedby={`${typeLabelId}-help`} value={configuration.type} onChange={(event) => onChange({ ...configuration, type: event.target.value as UpgradeType })}>
          <FormControlLabel value="Full" control={<Radio />} label={t('upgrade_wizard.type_full', { quantity: sourceQuantity })} />
          <FormControlLabel value="Partial" control={<Radio />} label={t('upgrade_wizard.type_partial')} disabled={!partialPossible} />
        </RadioGroup>
        <FormHelperText id={`${typeLabelId}-help`} sx={{ mx: 0 }}>
          {typeHelp}
        </FormHelperText>
      </FormControl>
      {configuration.type === 'Partial' && (
        <TextField
          id="upgrade-seats"
          label={t('upgrade_wizard.seats_label')}
          required
          value={configuration.seats}
          onChange={(event) => onChange({ ...configuration, seats: event.target.value })}
          onBlur={() => onBlur('seats')}
          error={Boolean(seatsProblem)}
          helperText={seatsProblem ?? t('upgrade_wizard.seats_help', { max, quantity: sourceQuantity })}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 6 } }}
          sx={{ maxWidth: 440 }}
        />
      )}
      <FormControl error={Boolean(targetProblem)}>
        <FormLabel id={targetLabelId}>{t('upgrade_wizard.target_label')}</FormLabel>
        <RadioGroup
          aria-labelledby={targetLabelId}
          aria-describedby={targetProblem || option.ExistingSubscriptions.length > 0 ? `${targetLabelId}-help` : undefined}
          value={configuration.target === undefined ? '' : String(configuration.target)}
          onChange={(event) => onChange({ ...configuration, target: event.target.value === 'new' ? 'new' : Number(event.target.value) })}
          onBlur={() => onBlur('target')}
        >
          <FormControlLabel
            value="new"
            disabled={!option.IsTermOffered}
            control={<Radio />}
            label={
              <span>
                {t('upgrade_wizard.target_new', { service: option.DisplayName })}
                <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  {option.IsTermOffered ? t('upgrade_wizard.target_new_help') : t('upgrade_wizard.term_not_offered_existing')}
                </Typography>
              </span>
            }
            sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.5 } }}
          />
          {option.ExistingSubscriptions.map((existing) => (
            <FormControlLabel
              key={existing.AccountId}
              value={String(existing.AccountId)}
              disabled={!existingAllowed}
              control={<Radio />}
              label={
                <span>
                  {t('upgrade_wizard.target_existing', { name: existing.AccountName })}
                  <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                    {[
                      t('upgrade_wizard.existing_quantity', { quantity: existing.Quantity }),
                      t(`order_wizard.commitments.${existing.Commitment}`),
                      t(`order_wizard.frequencies.${existing.BillingFrequency}`),
                      existing.UnitPrice !== null && existing.Currency ? t('upgrade_wizard.existing_price', { price: formatMoney(existing.UnitPrice, existing.Currency, locale) }) : t('upgrade_wizard.not_priced'),
                      ...(existing.MinimumContractEndDate ? [t('upgrade_wizard.existing_term_end', { date: formatDate(existing.MinimumContractEndDate, locale) })] : []),
                    ].join(' · ')}
                  </Typography>
                </span>
              }
              sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.5 } }}
            />
          ))}
        </RadioGroup>
        {/* What the choice means, when there is one; a message replaces it. */}
        {(targetProblem || option.ExistingSubscriptions.length > 0) && (
          <FormHelperText id={`${targetLabelId}-help`} sx={{ mx: 0 }}>
            {targetProblem ?? (existingAllowed ? t('upgrade_wizard.target_help') : t('upgrade_wizard.target_help_downgrade'))}
          </FormHelperText>
        )}
      </FormControl>
      {isNewTarget && (
        <OrderViewFields viewFields={viewFields} values={configuration.viewValues} onChange={(key, value) => onChange({ ...configuration, viewValues: { ...configuration.viewValues, [key]: value } })} shownProblems={shownProblems} onBlur={onBlur} />
      )}
    </Stack>
  );
}
