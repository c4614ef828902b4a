import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PricePreview } from '@cmp/contracts/pricePreview';
import { PRICING_MODELS, type PricingModel, type PricingScopeKind, type SavePricingRuleRequest } from '@cmp/contracts/pricing';
import { failureText } from '../../platform/api/failureText';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { previewPricingRule } from '../preview/pricePreviewOperations';
import { PricePreviewPanel } from '../preview/PricePreviewPanel';
import type { ScopeVendor } from '../hooks/useScopeVendors';
import { normalizeParameter, parameterProblemKey } from '../utils/parameterProblemKey';
import { parseIdList } from '../utils/priorityOrder';
import { RuleScopeField } from './RuleScopeField';

const NAME_MAX_LENGTH = 100;

/** A rule as the dialog edits it; without PricingRuleId it is a new one. */
export interface PricingRuleDraft {
  PricingRuleId?: number;
  Name: string;
  Model: PricingModel;
  Parameter: string;
  ScopeKind: PricingScopeKind;
  ScopeIds: number[];
  /** What the ids name, when the dialog was opened from it (an item of the grid). */
  ScopeNote?: string;
}

interface PricingRuleDialogProps {
  /** The pricelist the rule belongs to (the preview prices it). */
  marketplaceId: number;
  draft: PricingRuleDraft | undefined;
  /** The pricelist's currency, which a static price is in. */
  currency: string;
  vendors: ScopeVendor[];
  isLoadingVendors: boolean;
  /** Saves exactly the previewed change; resolves with the server's refusal, or undefined once saved. */
  onSave: (rule: SavePricingRuleRequest['rule'], previewId: string) => Promise<string | undefined>;
  onClose: () => void;
}

type FieldErrors = Partial<Record<'name' | 'parameter' | 'scope', string>>;

/**
 * New or changed pricing rule: name, model, the model's parameter and the scope. The parameter is
 * checked by the contract's own rule (pricingParameterProblem) before it is sent. Two steps (issue 13
 * "price-change preview"): Preview shows what the rule does to prices, customers and revenue; Save
 * applies exactly that, or says that prices moved meanwhile and offers to preview again.
 */
export function PricingRuleDialog({ marketplaceId, draft, currency, vendors, isLoadingVendors, onSave, onClose }: PricingRuleDialogProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<{ rule: SavePricingRuleRequest['rule']; answer: PricePreview }>();
  /** The save was refused (prices moved, …): the preview shown is no longer the one to save. */
  const [isPreviewStale, setIsPreviewStale] = useState(false);
  const [name, setName] = useState('');
  const [model, setModel] = useState<PricingModel>('Markup');
  const [parameter, setParameter] = useState('');
  const [scopeKind, setScopeKind] = useState<PricingScopeKind>('AllServices');
  const [vendorIds, setVendorIds] = useState<number[]>([]);
  const [idsText, setIdsText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    if (!draft) return;
    setName(draft.Name);
    setModel(draft.Model);
    setParameter(draft.Parameter);
    setScopeKind(draft.ScopeKind);
    setVendorIds(draft.ScopeKind === 'Vendors' ? draft.ScopeIds : []);
    setIdsText(draft.ScopeKind === 'Vendors' ? '' : draft.ScopeIds.join(', '));
    setErrors({});
    setServerError(undefined);
    setPreview(undefined);
    setIsPreviewStale(false);
  }, [draft]);

  /** A field's message goes once the user changes it; the next Save checks again. */
  const edited =
    <T,>(set: (value: T) => void, field: keyof FieldErrors) =>
    (value: T) => {
      set(value);
      setErrors((current) => ({ ...current, [field]: undefined }));
    };

  const scopeIds = (): number[] | undefined => (scopeKind === 'AllServices' ? [] : scopeKind === 'Vendors' ? vendorIds : parseIdList(idsText));

  /** The rule as typed, checked; undefined (with the fields' messages shown) when something is wrong. */
  const checkedRule = (): SavePricingRuleRequest['rule'] | undefined => {
    const trimmedName = name.trim();
    const value = normalizeParameter(model, parameter);
    const problem = parameterProblemKey(model, value);
    const ids = scopeIds();
    const found: FieldErrors = {
      name: trimmedName === '' ? t('pricing.rule_name_required') : trimmedName.length > NAME_MAX_LENGTH ? t('pricing.name_too_long', { max: NAME_MAX_LENGTH }) : undefined,
      parameter: problem ? t(problem.key, problem.values) : undefined,
      scope: ids === undefined ? t('pricing.ids_invalid') : scopeKind !== 'AllServices' && ids.length === 0 ? t(`pricing.scope_required.${scopeKind}`) : undefined,
    };
    setErrors(found);
    if (found.name || found.parameter || found.scope) return undefined;
    return {
      ...(draft?.PricingRuleId !== undefined ? { PricingRuleId: draft.PricingRuleId } : {}),
      Name: trimmedName,
      Model: model,
      Parameter: value,
      Scope: { Kind: scopeKind, Ids: ids ?? [] },
    };
  };

  const showPreview = async (rule: SavePricingRuleRequest['rule']) => {
    setIsSaving(true);
    try {
      setPreview({ rule, answer: await previewPricingRule({ marketplaceId, rule }) });
      setIsPreviewStale(false);
      setServerError(undefined);
    } catch (error) {
      setServerError(failureText(error));
    }
    setIsSaving(false);
  };

  const submit = async () => {
    if (preview && isPreviewStale) return showPreview(preview.rule);
    if (!preview) {
      const rule = checkedRule();
      if (rule) await showPreview(rule);
      return;
    }
    setIsSaving(true);
    const refusal = await onSave(preview.rule, preview.answer.PreviewId);
    setServerError(refusal);
    setIsPreviewStale(refusal !== undefined);
    setIsSaving(false);
  };

  const fields = (
    <>
      <TextField
        autoFocus
        required
        label={t('pricing.field_rule_name')}
        value={name}
        onChange={(event) => edited(setName, 'name')(event.target.value)}
        error={errors.name !== undefined}
        helperText={errors.name ?? ' '}
        slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH, autoComplete: 'off' } }}
      />
      <TextField select label={t('pricing.field_model')} value={model} onChange={(event) => edited(setModel, 'parameter')(event.target.value as PricingModel)} sx={{ maxWidth: 360 }}>
        {PRICING_MODELS.map((each) => (
          <MenuItem key={each} value={each}>
            {t(`pricing.models.${each}`)}
          </MenuItem>
        ))}
      </TextField>
      {model === 'Srp' ? (
        <Typography variant="body2" color="text.secondary">
          {t('pricing.model_help.Srp')}
        </Typography>
      ) : (
        <TextField
          required
          label={model === 'Static' ? t('pricing.parameter_price', { currency }) : t(`pricing.parameter_percent.${model}`)}
          value={parameter}
          onChange={(event) => edited(setParameter, 'parameter')(event.target.value)}
          error={errors.parameter !== undefined}
          helperText={errors.parameter ?? t(`pricing.model_help.${model}`)}
          sx={{ maxWidth: 360 }}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
      )}
      <RuleScopeField
        kind={scopeKind}
        vendorIds={vendorIds}
        idsText={idsText}
        vendors={vendors}
        isLoadingVendors={isLoadingVendors}
        error={errors.scope}
        onKindChange={edited(setScopeKind, 'scope')}
        onVendorIdsChange={edited(setVendorIds, 'scope')}
        onIdsTextChange={edited(setIdsText, 'scope')}
      />
      {draft?.ScopeNote && scopeKind === draft.ScopeKind && idsText === draft.ScopeIds.join(', ') && (
        <Typography variant="body2" color="text.secondary">
          {t('pricing.scope_note', { ids: idsText, note: draft.ScopeNote })}
        </Typography>
      )}
    </>
  );

  const title = draft?.PricingRuleId !== undefined ? t('pricing.edit_rule_title', { name: draft.Name }) : t('pricing.new_rule');
  const hasUnsavedChanges =
    draft !== undefined &&
    (preview !== undefined ||
      name !== draft.Name ||
      model !== draft.Model ||
      parameter !== draft.Parameter ||
      scopeKind !== draft.ScopeKind ||
      (scopeKind === 'Vendors' ? vendorIds.join() !== draft.ScopeIds.join() : idsText !== draft.ScopeIds.join(', ')));
  return (
    <FormDialog
      open={draft !== undefined}
      title={preview ? t('pricing_preview.title', { title }) : title}
      serverError={serverError}
      isBusy={isSaving}
      hasUnsavedChanges={hasUnsavedChanges}
      maxWidth={preview ? 'md' : 'sm'}
      submitLabel={!preview ? t('pricing_preview.preview') : isPreviewStale ? t('pricing_preview.preview_again') : t('common.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      extraActions={
        preview && (
          <Button
            onClick={() => {
              setPreview(undefined);
              setServerError(undefined);
            }}
            disabled={isSaving}
          >
            {t('pricing_preview.back_to_rule')}
          </Button>
        )
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {preview ? <PricePreviewPanel preview={preview.answer} /> : fields}
      </Stack>
    </FormDialog>
  );
}
