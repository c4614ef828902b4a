import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiDeleteOutline, mdiPencilOutline, mdiPlus } from '@mdi/js';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PricingRule } from '@cmp/contracts/pricing';
import { failureText } from '../../platform/api/failureText';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { describeRuleModel, describeRuleScope } from '../../platform/money/ruleDescription';
import { PriorityCell, type MoveDirection } from './PriorityMoveButtons';
import { RowActionButton } from '../../platform/ui/table/RowActionButton';

interface PricingRulesCardProps {
  query: { isPending: boolean; isError: boolean; error: unknown; data: PricingRule[] | undefined };
  currency: string;
  vendorNames: ReadonlyMap<number, string>;
  canChange: boolean;
  canDelete: boolean;
  containerRef: Ref<HTMLDivElement>;
  onNew: () => void;
  onEdit: (rule: PricingRule) => void;
  onDelete: (rule: PricingRule) => void;
  onMove: (rule: PricingRule, direction: MoveDirection) => void;
}

/**
 * A pricelist's rules in the order they are tried (issue 13): the first whose scope holds an item
 * prices it. The default SRP rule is always last and can be neither moved, changed nor deleted.
 * That order is what the list shows, so it sorts by no other column.
 */
export function PricingRulesCard({ query, currency, vendorNames, canChange, canDelete, containerRef, onNew, onEdit, onDelete, onMove }: PricingRulesCardProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const rules = query.data ?? [];
  const movable = rules.filter((rule) => !rule.IsDefault);
  const columns: DataColumn<PricingRule>[] = [
    {
      id: 'priority',
      header: t('pricing.column_priority'),
      cellSx: { width: 120 },
      cell: (rule) => (
        <PriorityCell
          priority={rule.Priority}
          name={rule.Name}
          moveKey={String(rule.PricingRuleId)}
          index={movable.indexOf(rule)}
          count={movable.length}
          isMovable={canChange && !rule.IsDefault}
          onMove={(direction) => onMove(rule, direction)}
        />
      ),
    },
    {
      id: 'name',
      header: t('pricing.column_rule_name'),
      isRowHeader: true,
      cellSx: { fontWeight: 500, overflowWrap: 'anywhere' },
      cell: (rule) => (
        <>
          {rule.Name}
          {rule.IsDefault && <Chip size="small" variant="outlined" label={t('pricing.default_rule')} sx={{ ml: 1 }} />}
        </>
      ),
    },
    { id: 'model', header: t('pricing.column_model'), cellSx: { whiteSpace: 'nowrap' }, cell: (rule) => describeRuleModel(t, i18n.language, rule.Model, rule.Parameter, currency) },
    { id: 'scope', header: t('pricing.column_scope'), cell: (rule) => describeRuleScope(t, rule.Scope, vendorNames) },
  ];
  if (canChange || canDelete) {
    columns.push({
      id: 'actions',
      header: t('pricing.column_actions'),
      cellSx: { width: '1%', whiteSpace: 'nowrap' },
      cell: (rule) =>
        !rule.IsDefault && (
          <>
            {canChange && <RowActionButton label={t('pricing.edit_rule', { name: rule.Name })} icon={mdiPencilOutline} onClick={() => onEdit(rule)} />}
            {canDelete && <RowActionButton label={t('pricing.delete_rule', { name: rule.Name })} icon={mdiDeleteOutline} onClick={() => onDelete(rule)} />}
          </>
        ),
    });
  }
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('pricing.rules_title')}
        </Typography>
        {canChange && (
          <Button variant="outlined" startIcon={<MdiIcon path={mdiPlus} />} onClick={onNew}>
            {t('pricing.new_rule')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('pricing.rules_intro')}
      </Typography>
      <Box ref={containerRef}>
        <DataTable
          tableId="pricing-rules"
          rows={rules}
          columns={columns}
          rowKey={(rule) => rule.PricingRuleId}
          labelledBy={headingId}
          pageSizes={false}
          isLoading={query.isPending}
          error={query.isError ? failureText(query.error) : undefined}
          empty={t('pricing.rules_none')}
        />
      </Box>
    </Paper>
  );
}
