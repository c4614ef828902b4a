import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PricingRule } from '@cmp/contracts/pricing';
import { failureText } from '../../platform/api/failureText';
import { ConfirmDialog } from '../../platform/ui/ConfirmDialog';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { previewPricingRule } from './pricePreviewOperations';
import { PricePreviewPanel } from './PricePreviewPanel';

interface DeleteRulePreviewDialogProps {
  marketplaceId: number;
  /** The rule to delete; the dialog is open while it is set. */
  rule: PricingRule | undefined;
  /** Deletes exactly the previewed deletion (previewId), or without one when no preview could be made; resolves with the server's refusal, or undefined once deleted. */
  onDelete: (rule: PricingRule, previewId: string | undefined) => Promise<string | undefined>;
  onClose: () => void;
}

/** The preview's tables need the room of a medium dialog (MUI's md breakpoint). */
const PREVIEW_WIDTH = 900;

/**
 * The confirmation before a rule is deleted (issue 13 "price-change preview"): what the deletion
 * does to prices, customers and revenue, and Delete applies exactly that — or, when prices moved
 * meanwhile, says so and offers to preview again.
 */
export function DeleteRulePreviewDialog({ marketplaceId, rule, onDelete, onClose }: DeleteRulePreviewDialogProps) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string>();
  /** Deleting, or previewing again after prices moved. */
  const [isWorking, setIsWorking] = useState(false);
  const pricingRuleId = rule?.PricingRuleId;
  const previewQuery = useQuery({
    queryKey: ['pricing', 'delete-rule-preview', marketplaceId, pricingRuleId],
    queryFn: ({ signal }) => previewPricingRule({ marketplaceId, deletePricingRuleId: pricingRuleId! }, { signal }),
    enabled: pricingRuleId !== undefined,
    // A preview is a snapshot of this moment: never reused from the cache.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

  useEffect(() => {
    setRefusal(undefined);
    setIsWorking(false);
  }, [pricingRuleId]);

  const preview = previewQuery.data;
  const isStale = refusal !== undefined;
  const agree = async () => {
    if (!rule) return;
    setIsWorking(true);
    if (isStale) {
      await previewQuery.refetch();
      setRefusal(undefined);
    } else {
      // Yes deletes what the preview shows: pressed while the preview loads, it waits for it.
      const shown = previewQuery.isFetching ? (await previewQuery.refetch({ cancelRefetch: false })).data : preview;
      setRefusal(await onDelete(rule, shown?.PreviewId));
    }
    setIsWorking(false);
  };

  return (
    <ConfirmDialog
      open={rule !== undefined}
      title={t('pricing.delete_rule_title')}
      width={preview ? PREVIEW_WIDTH : undefined}
      message={
        <Stack spacing={2}>
          <Typography>{rule ? t('pricing.delete_rule_message', { name: rule.Name }) : ''}</Typography>
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
          {previewQuery.isFetching ? (
            <LoadingIndicator />
          ) : previewQuery.isError ? (
            <Alert severity="warning">{failureText(previewQuery.error)}</Alert>
          ) : (
            preview && <PricePreviewPanel preview={preview} />
          )}
        </Stack>
      }
      agreeLabel={isStale ? t('pricing_preview.preview_again') : undefined}
      isAgreeing={isWorking}
      onAgree={() => void agree()}
      onReject={() => {
        if (!isWorking) onClose();
      }}
    />
  );
}
