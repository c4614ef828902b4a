import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AvailableService } from '@cmp/contracts/orders';
import { MAX_PAGE_SIZE } from '@cmp/contracts/users';
import type { ParentOption } from '../../accounts/public';
import { failureText } from '../../platform/api/failureText';
import { useSessionUser } from '../../platform/session/currentUser';
import { displayText, fieldKey } from '../../platform/forms/fieldRules';
import { useFocusFirstProblem } from '../../platform/forms/useFocusFirstProblem';
import { WizardFrame, type WizardForwardButton } from '../../platform/ui/wizard/WizardFrame';
import { useAvailableServices } from '../api/orderWizardApi';
import { AccountStep } from './AccountStep';
import { AvailableServicesList } from './AvailableServicesList';
import { ConfigureStep } from './ConfigureStep';
import { OrderOverview } from './OrderOverview';
import { OrderResult } from './OrderResult';
import { configurationProblems, initialConfiguration, orderRequestOf, type ConfigurationField, type OrderConfiguration, type ViewFieldKey } from './orderWizardState';
import { useOrderPlacement } from './useOrderPlacement';
import { useOrderViewFields } from './useOrderViewFields';

const STEPS = ['account', 'service', 'configure', 'overview'] as const;
const ALL_FIELDS: ConfigurationField[] = ['quantity', 'commitment', 'billingFrequency'];

interface OrderWizardProps {
  /** The `accountId` of the address, when the wizard was opened for an account. */
  givenAccountId: number | undefined;
  /** The `service` (product name) of the address, when it was opened for a service. */
  givenService: string | undefined;
}

/** Account → service → configure → overview → place (issue 14 "Ordering"). */
export function OrderWizard({ givenAccountId, givenService }: OrderWizardProps) {
  const { t } = useTranslation();
  const company = useSessionUser()?.CompanyAccount;
  const servicesHeadingId = useId();
  const [step, setStep] = useState(0);
  const [chosenAccount, setChosenAccount] = useState<ParentOption | null>();
  const [service, setService] = useState<AvailableService>();
  const [configuration, setConfiguration] = useState<OrderConfiguration>();
  const [shownProblems, setShownProblems] = useState<ReadonlySet<ConfigurationField>>(new Set());
  const [accountProblem, setAccountProblem] = useState<string>();
  const [isPreselected, setIsPreselected] = useState(false);
  const placement = useOrderPlacement();
  // The service's view fields (its Product layout): asked for on configure, listed on the overview.
  const viewFields = useOrderViewFields(service?.ProductName, configuration?.viewValues);
  const focusFirstProblem = useFocusFirstProblem();

  // The account starts as the one in the address, else the caller's company (spec §2 New menu).
  const defaultAccount: ParentOption | null = givenAccountId !== undefined ? { AccountId: givenAccountId, DisplayName: '', AccountType: 'Company' } : company ? { AccountId: company.AccountId, DisplayName: company.DisplayName, AccountType: company.AccountType } : null;
  const account = chosenAccount !== undefined ? chosenAccount : defaultAccount;
  // What the account may order, looked up once per account: its name, whether the caller may order, the
  // given service. GetAvailableServices' text matches names shown to people, not the product name the
  // address carries, so the service is looked for in the largest page the contract allows.
  const accountQuery = useAvailableServices(account ? { accountId: account.AccountId, page: 0, pageSize: givenService ? MAX_PAGE_SIZE : 1 } : undefined);
  const accountInfo = accountQuery.data?.AccountId === account?.AccountId ? accountQuery.data : undefined;
  const shownAccount = account && accountInfo && !account.DisplayName ? { ...account, DisplayName: accountInfo.AccountName } : account;

  useEffect(() => {
    // The service of the address is chosen once, for the account it was opened with: straight to configure.
    if (isPreselected || !givenService || !accountInfo || chosenAccount !== undefined) return;
    setIsPreselected(true);
    const found = accountInfo.Services.find((candidate) => candidate.ProductName === givenService);
    if (!found || !accountInfo.CanOrder || found.Price === null) return;
    chooseService(found);
    setStep(2);
    // Runs when the account's answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountInfo]);

  const chooseAccount = (next: ParentOption | null) => {
    setChosenAccount(next);
    setAccountProblem(undefined);
    setService(undefined);
    setConfiguration(undefined);
    placement.reset();
  };
  const chooseService = (next: AvailableService) => {
    if (next.ProductName !== service?.ProductName) {
      setService(next);
      setConfiguration(initialConfiguration(next));
      setShownProblems(new Set());
      placement.reset();
    }
  };
  const configure = (next: OrderConfiguration) => {
    setConfiguration(next);
    placement.reset();
  };

  const problems = service && configuration ? configurationProblems(configuration, service) : {};
  const next = async () => {
    if (step === 0) {
      if (!account) return setAccountProblem(t('order_wizard.errors.account_required'));
      if (accountInfo && !accountInfo.CanOrder) return setAccountProblem(t('order_wizard.errors.account_not_allowed'));
      if (!accountInfo) return undefined;
      return setStep(1);
    }
    if (step === 1) return service ? setStep(2) : undefined;
    if (step === 2 && account && service && configuration) {
      // The service's fields must be known (and be filled as their rules say) before an overview.
      if (viewFields.isLoading || viewFields.isFailed) return undefined;
      if (Object.keys(problems).length > 0 || Object.keys(viewFields.problems).length > 0) {
        setShownProblems(new Set<ConfigurationField>([...ALL_FIELDS, ...viewFields.fields.map((field) => fieldKey(field) as ViewFieldKey)]));
        focusFirstProblem();
        return undefined;
      }
      if (await placement.preview(orderRequestOf(account, service, configuration, viewFields.fields))) setStep(3);
    }
    return undefined;
  };

  if (placement.placed) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <OrderResult placed={placement.placed} />
      </Paper>
    );
  }

  const stepSummary = (index: number) => (index === 0 ? shownAccount?.DisplayName : index === 1 ? service?.DisplayName : undefined);
  // The steps whose choices still stand can be gone to from any step (back, and forward again).
  const lastOpenStep = !accountInfo?.CanOrder ? 0 : !service ? 1 : !placement.overview ? 2 : 3;
  const forward: WizardForwardButton =
    step < 3
      ? { label: step === 2 ? t('order_wizard.show_overview') : t('order_wizard.next'), onClick: () => void next(), isLoading: placement.isBusy || (step === 2 && viewFields.isLoading), isDisabled: (step === 0 && !accountInfo) || (step === 1 && !service) || (step === 2 && viewFields.isFailed) }
      : { label: placement.overview?.preview.NeedsApproval ? t('order_wizard.place_for_approval') : t('order_wizard.place_order'), onClick: () => void placement.place(), isLoading: placement.isBusy };
  return (
    <WizardFrame
      stepsLabel={t('order_wizard.steps_label')}
      steps={STEPS.map((name, index) => ({ key: name, label: t(`order_wizard.steps.${name}`), summary: stepSummary(index) }))}
      step={step}
      lastOpenStep={lastOpenStep}
      onGo={setStep}
      heading={t('order_wizard.step_heading', { number: step + 1, total: STEPS.length, title: t(`order_wizard.steps.${STEPS[step]}`) })}
      headingId={servicesHeadingId}
      notice={placement.notice}
      error={placement.error}
      isBusy={placement.isBusy}
      backLabel={t('order_wizard.back')}
      forward={forward}
    >
      {step === 0 && <AccountStep account={shownAccount} onChange={chooseAccount} problem={accountProblem ?? (accountInfo && !accountInfo.CanOrder ? t('order_wizard.errors.account_not_allowed') : undefined)} loadError={accountQuery.isError ? failureText(accountQuery.error) : undefined} />}
      {step === 1 && account && (
        <>
          {givenService && isPreselected && !service && <Alert severity="info" sx={{ mb: 2 }}>{t('order_wizard.service_not_available', { service: givenService })}</Alert>}
          <Typography sx={{ mb: 2 }}>{t('order_wizard.service_intro', { account: shownAccount?.DisplayName ?? '' })}</Typography>
          <AvailableServicesList accountId={account.AccountId} labelledBy={servicesHeadingId} action={{ kind: 'select', selected: service?.ProductName, onSelect: chooseService }} />
        </>
      )}
      {step === 2 && service && configuration && (
        <ConfigureStep service={service} configuration={configuration} onChange={configure} problems={problems} shownProblems={shownProblems} onBlur={(field) => setShownProblems((shown) => new Set(shown).add(field))} viewFields={viewFields.state} />
      )}
      {step === 3 && placement.overview && (
        <OrderOverview
          preview={placement.overview.preview}
          servicePeriod={service?.BillingPeriod ?? 'Monthly'}
          // The product's view fields as the order sends them, each as "label: value" (empty ones left out).
          viewEntries={viewFields.fields
            .filter((field) => placement.overview?.request.viewValues?.[field.Name] !== undefined)
            .map((field): [string, string] => [field.DisplayValue, displayText(field, placement.overview?.request.viewValues?.[field.Name], (isYes) => t(isYes ? 'order_wizard.yes' : 'order_wizard.no'))])}
        />
      )}
    </WizardFrame>
  );
}
