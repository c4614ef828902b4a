import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import type { UpgradeOption, UpgradeOptions } from '@cmp/contracts/upgrades';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { fieldKey } from '../../platform/forms/fieldRules';
import { useFocusFirstProblem } from '../../platform/forms/useFocusFirstProblem';
import { WizardFrame, type WizardForwardButton } from '../../platform/ui/wizard/WizardFrame';
import { useOrderViewFields, type ViewFieldKey } from '../../orders/public';
import { useUpgradeOptions } from '../api/upgradeApi';
import { UpgradeChoiceStep } from './UpgradeChoiceStep';
import { UpgradeConfigureStep } from './UpgradeConfigureStep';
import { UpgradeOverview } from './UpgradeOverview';
import { UpgradeResultPanel } from './UpgradeResultPanel';
import { initialUpgradeConfiguration, upgradeProblems, upgradeRequestOf, type UpgradeConfiguration, type UpgradeField } from './upgradeWizardState';
import { useUpgradePlacement } from './useUpgradePlacement';

const STEPS = ['service', 'configure', 'overview'] as const;
const ALL_FIELDS: UpgradeField[] = ['seats', 'target'];

/** Select service → configure → overview → upgrade (issue 14 "Upgrade wizard"), for the subscription of a Product account. */
export function UpgradeWizard({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const query = useUpgradeOptions(accountId);
  if (query.isPending) return <LoadingIndicator label={t('upgrade_wizard.loading')} />;
  if (query.isError) return <Alert severity="error">{failureText(query.error)}</Alert>;
  return <UpgradeSteps options={query.data} />;
}

function UpgradeSteps({ options }: { options: UpgradeOptions }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stepHeadingId = useId();
  const [step, setStep] = useState(0);
  const [option, setOption] = useState<UpgradeOption>();
  const [configuration, setConfiguration] = useState<UpgradeConfiguration>();
  const [shownProblems, setShownProblems] = useState<ReadonlySet<UpgradeField>>(new Set());
  const placement = useUpgradePlacement();
  // With no field marked, the first choice of the target (none made yet) takes the focus.
  const focusFirstProblem = useFocusFirstProblem('[role="radiogroup"] input:not(:disabled)');
  const source = options.Source;

  useEffect(() => {
    // Both subscriptions changed: the screens that show them read them again.
    if (placement.placed) void queryClient.invalidateQueries({ queryKey: ['subscription'] });
  }, [placement.placed, queryClient]);

  const chooseOption = (next: UpgradeOption) => {
    if (next.UpgradeProcessId === option?.UpgradeProcessId) return;
    setOption(next);
    setConfiguration(initialUpgradeConfiguration(next));
    setShownProblems(new Set());
    placement.reset();
  };
  const configure = (next: UpgradeConfiguration) => {
    setConfiguration(next);
    placement.reset();
  };

  // A new subscription asks for the target service's view fields, as an order does.
  const isNewTarget = configuration?.target === 'new';
  const viewFields = useOrderViewFields(option && isNewTarget ? option.ProductName : undefined, configuration?.viewValues);

  const problems = option && configuration ? upgradeProblems(configuration, option, source.Quantity) : {};
  const next = async () => {
    if (step === 0) return option ? setStep(1) : undefined;
    if (step === 1 && option && configuration) {
      // The service's fields must be known (and be filled as their rules say) before an overview.
      if (viewFields.isLoading || viewFields.isFailed) return undefined;
      if (Object.keys(problems).length > 0 || Object.keys(viewFields.problems).length > 0) {
        setShownProblems(new Set<UpgradeField>([...ALL_FIELDS, ...viewFields.fields.map((field) => fieldKey(field) as ViewFieldKey)]));
        focusFirstProblem();
        return undefined;
      }
      if (await placement.preview(upgradeRequestOf(options, option, configuration, viewFields.fields))) setStep(2);
    }
    return undefined;
  };

  if (placement.placed) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <UpgradeResultPanel result={placement.placed} />
      </Paper>
    );
  }

  // Blocker names what stands in the way now; without one, no option or no right to upgrade does.
  const blocker = options.CanUpgrade
    ? undefined
    : options.Blocker
      ? t(`upgrade_wizard.blockers.${options.Blocker}`, { defaultValue: t('upgrade_wizard.blockers.default'), status: t(`subscriptions.status_value.${source.Status}`) })
      : options.Options.length > 0
        ? t('upgrade_wizard.blockers.access_denied')
        : undefined;
  const lastOpenStep = !options.CanUpgrade ? 0 : !option ? 0 : !placement.overview ? 1 : 2;
  const isDowngrade = option?.Kind === 'Downgrade' || placement.overview?.preview.Outcome === 'Scheduled';

  const forward: WizardForwardButton =
    step < 2
      ? { label: step === 1 ? t('upgrade_wizard.show_overview') : t('upgrade_wizard.next'), onClick: () => void next(), isLoading: placement.isBusy, isDisabled: step === 0 && (!option || !options.CanUpgrade) }
      : {
          label: isDowngrade ? t('upgrade_wizard.confirm_downgrade') : placement.overview?.preview.Outcome === 'PendingApproval' ? t('change_requests.request_approval') : t('upgrade_wizard.confirm_upgrade'),
          onClick: () => void placement.place(),
          isLoading: placement.isBusy,
          isDisabled: !placement.overview,
        };

  return (
    <WizardFrame
      stepsLabel={t('upgrade_wizard.steps_label')}
      steps={STEPS.map((name, index) => ({ key: name, label: t(`upgrade_wizard.steps.${name}`), summary: index === 0 ? option?.DisplayName : undefined }))}
      step={step}
      lastOpenStep={lastOpenStep}
      onGo={setStep}
      heading={t('upgrade_wizard.step_heading', { number: step + 1, total: STEPS.length, title: t(`upgrade_wizard.steps.${STEPS[step]}`) })}
      headingId={stepHeadingId}
      notice={placement.notice}
      error={placement.error}
      isBusy={placement.isBusy}
      backLabel={t('upgrade_wizard.back')}
      forward={forward}
    >
      {step === 0 && <UpgradeChoiceStep options={options} blocker={blocker} selected={option?.UpgradeProcessId} onSelect={chooseOption} />}
      {step === 1 && option && configuration && (
        <UpgradeConfigureStep option={option} sourceQuantity={source.Quantity} configuration={configuration} onChange={configure} problems={problems} shownProblems={shownProblems} onBlur={(field) => setShownProblems((shown) => new Set(shown).add(field))} viewFields={viewFields.state} />
      )}
      {step === 2 && placement.overview && <UpgradeOverview result={placement.overview.preview} />}
    </WizardFrame>
  );
}
