import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PricingRule } from '@cmp/contracts/pricing';
import { failureText } from '../../platform/api/failureText';
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

/**
 * The confirmation before a rule is deleted (issue 13 "price-change preview"): what the deletion
 * does to prices, customers and revenue, and Delete applies exactly that — or, when prices moved
 * meanwhile, says so and offers to preview again.
 */
export function DeleteRulePreviewDialog({ marketplaceId, rule, onDelete, onClose }: DeleteRulePreviewDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const [refusal, setRefusal] = useState<string>();
  const [isDeleting, setIsDeleting] = useState(false);
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
    setIsDeleting(false);
  }, [pricingRuleId]);

  const preview = previewQuery.data;
  const isStale = refusal !== undefined;
  const agree = async () => {
    if (!rule) return;
    if (isStale) {
      setRefusal(undefined);
      await previewQuery.refetch();
      return;
    }
    setIsDeleting(true);
    const answer = await onDelete(rule, preview?.PreviewId);
    setRefusal(answer);
    setIsDeleting(false);
  };

  return (
    <Dialog
      open={rule !== undefined}
      // An alert dialog like every confirmation (ConfirmDialog), so screen readers read the question at once.
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      fullWidth
      maxWidth={preview ? 'md' : 'sm'}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !isDeleting) onClose();
      }}
    >
      <DialogTitle id={titleId}>{t('pricing.delete_rule_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography id={messageId}>{rule ? t('pricing.delete_rule_message', { name: rule.Name }) : ''}</Typography>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isDeleting}>
          {t('common.no')}
        </Button>
        <Button variant="contained" color={isStale ? 'primary' : 'error'} loading={isDeleting} disabled={previewQuery.isFetching} onClick={() => void agree()}>
          {isStale ? t('pricing_preview.preview_again') : t('common.yes_do_it')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
