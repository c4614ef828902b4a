import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UpgradeOption, UpgradeOptions } from '@cmp/contracts/upgrades';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { fieldKey } from '../../platform/forms/fieldRules';
import { useProductLayout, fieldsOfPages, orderViewPages, viewFieldProblems, type ViewFieldKey } from '../../orders/public';
import { WizardStepper } from '../../platform/ui/wizard/WizardStepper';
import { useUpgradeOptions } from '../api/upgradeApi';
import { UpgradeConfigureStep } from './UpgradeConfigureStep';
import { UpgradeOptionsTable } from './UpgradeOptionsTable';
import { UpgradeOverview } from './UpgradeOverview';
import { UpgradeResultPanel } from './UpgradeResultPanel';
import { UpgradeSourceSummary } from './UpgradeSourceSummary';
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
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const stepHeadingId = useId();
  const optionsHeadingId = useId();
  const sourceHeadingId = useId();
  const [step, setStep] = useState(0);
  const [option, setOption] = useState<UpgradeOption>();
  const [configuration, setConfiguration] = useState<UpgradeConfiguration>();
  const [shownProblems, setShownProblems] = useState<ReadonlySet<UpgradeField>>(new Set());
  const placement = useUpgradePlacement();
  const source = options.Source;

  // Each new step (or the result) takes the focus to its heading; the page as first shown keeps the browser's focus.
  const isFirstStep = useRef(true);
  useEffect(() => {
    if (isFirstStep.current) {
      isFirstStep.current = false;
      return;
    }
    stepHeadingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    // Both subscriptions changed: the screens that show them read them again.
    if (placement.done) void queryClient.invalidateQueries({ queryKey: ['subscription'] });
  }, [placement.done, queryClient]);

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
  const layoutQuery = useProductLayout(option && isNewTarget ? option.ProductName : undefined);
  const viewPages = useMemo(() => (option && isNewTarget && layoutQuery.data ? orderViewPages(layoutQuery.data, option.ProductName) : []), [option, isNewTarget, layoutQuery.data]);
  const viewFields = useMemo(() => fieldsOfPages(viewPages), [viewPages]);
  const viewProblems = configuration ? viewFieldProblems(viewFields, configuration.viewValues) : {};
  const isLayoutLoading = isNewTarget && layoutQuery.isPending;

  const problems = option && configuration ? upgradeProblems(configuration, option, source.Quantity) : {};
  const next = async () => {
    if (step === 0) return option ? setStep(1) : undefined;
    if (step === 1 && option && configuration) {
      // The service's fields must be known (and be filled as their rules say) before an overview.
      if (isLayoutLoading || (isNewTarget && layoutQuery.isError)) return undefined;
      if (Object.keys(problems).length > 0 || Object.keys(viewProblems).length > 0) {
        setShownProblems(new Set<UpgradeField>([...ALL_FIELDS, ...viewFields.map((field) => fieldKey(field) as ViewFieldKey)]));
        // The field named by the first message gets the focus (after the messages are drawn).
        setTimeout(() => (document.querySelector<HTMLElement>('[aria-invalid="true"]') ?? document.querySelector<HTMLElement>('[role="radiogroup"] input:not(:disabled)'))?.focus());
        return undefined;
      }
      if (await placement.preview(upgradeRequestOf(options, option, configuration, viewFields))) setStep(2);
    }
    return undefined;
  };

  if (placement.done) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <UpgradeResultPanel result={placement.done} />
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
  const stepTitle = t(`upgrade_wizard.steps.${STEPS[step]}`);

  return (
    <Stack spacing={3}>
      <WizardStepper
        label={t('upgrade_wizard.steps_label')}
        steps={STEPS.map((name, index) => ({ key: name, label: t(`upgrade_wizard.steps.${name}`), summary: index === 0 ? option?.DisplayName : undefined }))}
        step={step}
        lastOpenStep={lastOpenStep}
        onGo={setStep}
      />
      <Paper component="section" aria-labelledby={stepHeadingId} variant="outlined" sx={{ p: 3 }}>
        <Typography ref={stepHeadingRef} id={stepHeadingId} tabIndex={-1} variant="h5" component="h2" sx={{ mb: 2, outline: 'none' }}>
          {t('upgrade_wizard.step_heading', { number: step + 1, total: STEPS.length, title: stepTitle })}
        </Typography>
        {step === 0 && (
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
                <UpgradeOptionsTable options={options.Options} termEnd={source.MinimumContractEndDate} labelledBy={optionsHeadingId} selected={option?.UpgradeProcessId} onSelect={options.CanUpgrade ? chooseOption : undefined} />
              </>
            )}
          </>
        )}
        {step === 1 && option && configuration && (
          <UpgradeConfigureStep option={option} sourceQuantity={source.Quantity} configuration={configuration} onChange={configure} problems={problems} shownProblems={shownProblems} onBlur={(field) => setShownProblems((shown) => new Set(shown).add(field))}
            viewFields={{ pages: viewPages, isLoading: isLayoutLoading, error: isNewTarget && layoutQuery.isError ? failureText(layoutQuery.error) : undefined, onRetry: () => void layoutQuery.refetch(), problems: viewProblems }}
          />
        )}
        {step === 2 && placement.overview && <UpgradeOverview result={placement.overview.preview} />}
        {placement.notice && (
          <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
            {placement.notice}
          </Alert>
        )}
        {placement.error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {placement.error}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
          {step > 0 && (
            <Button variant="outlined" onClick={() => setStep(step - 1)} disabled={placement.isBusy}>
              {t('upgrade_wizard.back')}
            </Button>
          )}
          {step < 2 ? (
            <Button variant="contained" onClick={() => void next()} loading={placement.isBusy} disabled={step === 0 && (!option || !options.CanUpgrade)}>
              {step === 1 ? t('upgrade_wizard.show_overview') : t('upgrade_wizard.next')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => void placement.confirm()} loading={placement.isBusy} disabled={!placement.overview}>
              {isDowngrade ? t('upgrade_wizard.confirm_downgrade') : placement.overview?.preview.Outcome === 'PendingApproval' ? t('change_requests.request_approval') : t('upgrade_wizard.confirm_upgrade')}
            </Button>
          )}
        </Box>
      </Paper>
    </Stack>
  );
}
