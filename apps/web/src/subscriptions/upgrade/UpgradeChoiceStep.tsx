import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { UpgradeOption, UpgradeOptions } from '@cmp/contracts/upgrades';
import { UpgradeOptionsTable } from './UpgradeOptionsTable';
import { UpgradeSourceSummary } from './UpgradeSourceSummary';

interface UpgradeChoiceStepProps {
  options: UpgradeOptions;
  /** What stands in the way of upgrading now, if anything. */
  blocker: string | undefined;
  selected: number | undefined;
  onSelect: (option: UpgradeOption) => void;
}

/** The upgrade wizard's first step: the subscription being upgraded and the services it may move to (chosen only when it may upgrade). */
export function UpgradeChoiceStep({ options, blocker, selected, onSelect }: UpgradeChoiceStepProps) {
  const { t } = useTranslation();
  const optionsHeadingId = useId();
  const sourceHeadingId = useId();
  const source = options.Source;
  return (
    <>
      <Typography id={sourceHeadingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('upgrade_wizard.source_title')}
      </Typography>
      <Box sx={{ mb: 3 }}>
        <UpgradeSourceSummary source={source} />
      </Box>
      {blocker && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {blocker}
        </Alert>
      )}
      <Typography id={optionsHeadingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('upgrade_wizard.options_title')}
      </Typography>
      {options.Options.length === 0 ? (
        <Typography role="status" color="text.secondary" sx={{ py: 3 }}>
          {t('upgrade_wizard.no_options', { service: source.ServiceDisplayName })}
        </Typography>
      ) : (
        <>
          {options.CanUpgrade && <Typography sx={{ mb: 1 }}>{t('upgrade_wizard.options_intro')}</Typography>}
          <UpgradeOptionsTable options={options.Options} termEnd={source.MinimumContractEndDate} labelledBy={optionsHeadingId} selected={selected} onSelect={options.CanUpgrade ? onSelect : undefined} />
        </>
      )}
    </>
  );
}
