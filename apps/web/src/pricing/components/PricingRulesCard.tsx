import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiDeleteOutline, mdiPencilOutline, mdiPlus } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PricingRule } from '@cmp/contracts/pricing';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { describeRuleModel, describeRuleScope } from '../utils/ruleDescription';
import { PriorityCell, type MoveDirection } from './PriorityMoveButtons';
import { RowActionButton } from './RowActionButton';

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
 */
export function PricingRulesCard({ query, currency, vendorNames, canChange, canDelete, containerRef, onNew, onEdit, onDelete, onMove }: PricingRulesCardProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const rules = query.data ?? [];
  const movable = rules.filter((rule) => !rule.IsDefault);
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
      {query.isPending && <LoadingIndicator />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {query.data && (
        <TableContainer ref={containerRef}>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 120 }}>{t('pricing.column_priority')}</TableCell>
                <TableCell>{t('pricing.column_rule_name')}</TableCell>
                <TableCell>{t('pricing.column_model')}</TableCell>
                <TableCell>{t('pricing.column_scope')}</TableCell>
                {(canChange || canDelete) && <TableCell sx={{ width: '1%', whiteSpace: 'nowrap' }}>{t('pricing.column_actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rules.map((rule) => (
                <TableRow key={rule.PricingRuleId} hover>
                  <PriorityCell
                    priority={rule.Priority}
                    name={rule.Name}
                    moveKey={String(rule.PricingRuleId)}
                    index={movable.indexOf(rule)}
                    count={movable.length}
                    isMovable={canChange && !rule.IsDefault}
                    onMove={(direction) => onMove(rule, direction)}
                  />
                  <TableCell component="th" scope="row" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {rule.Name}
                    {rule.IsDefault && <Chip size="small" variant="outlined" label={t('pricing.default_rule')} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{describeRuleModel(t, i18n.language, rule.Model, rule.Parameter, currency)}</TableCell>
                  <TableCell>{describeRuleScope(t, rule.Scope, vendorNames)}</TableCell>
                  {(canChange || canDelete) && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {!rule.IsDefault && canChange && <RowActionButton label={t('pricing.edit_rule', { name: rule.Name })} icon={mdiPencilOutline} onClick={() => onEdit(rule)} />}
                      {!rule.IsDefault && canDelete && <RowActionButton label={t('pricing.delete_rule', { name: rule.Name })} icon={mdiDeleteOutline} onClick={() => onDelete(rule)} />}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
