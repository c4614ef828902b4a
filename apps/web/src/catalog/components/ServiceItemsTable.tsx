import { useTranslation } from 'react-i18next';
import { mdiDelete } from '@mdi/js';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FEE_TYPES } from '@cmp/contracts/pricing';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import type { FormProblems, ItemForm } from '../utils/serviceForm';

interface ServiceItemsTableProps {
  items: ItemForm[];
  problems: FormProblems;
  labelledBy: string;
  onChange: (index: number, changes: Partial<ItemForm>) => void;
  onRemove: (index: number) => void;
}

interface ItemRow {
  item: ItemForm;
  index: number;
}

type TextFieldName = 'Name' | 'Unit' | 'PurchasePrice' | 'Srp';

/**
 * The service's priceable items as an editable grid, in the vendor's order: no sorting and no
 * paging, since an item's fields and problems are known by its position.
 */
export function ServiceItemsTable({ items, problems, labelledBy, onChange, onRemove }: ServiceItemsTableProps) {
  const { t } = useTranslation();
  const problem = (field: string) => (problems[field] ? t(problems[field]) : undefined);
  const label = (field: string, index: number) => t('catalog.item_field_label', { field, number: index + 1 });

  const textColumn = (field: TextFieldName, header: string, input: { max: number; isAmount?: boolean }): DataColumn<ItemRow> => ({
    id: field,
    header,
    align: input.isAmount ? 'right' : undefined,
    cell: ({ item, index }) => (
      <TextField
        size="small"
        value={item[field]}
        onChange={(event) => onChange(index, { [field]: event.target.value })}
        error={Boolean(problems[`Items.${index}.${field}`])}
        helperText={problem(`Items.${index}.${field}`)}
        slotProps={{
          htmlInput: { 'aria-label': label(header, index), maxLength: input.max, inputMode: input.isAmount ? 'decimal' : undefined, style: input.isAmount ? { textAlign: 'right' } : undefined },
        }}
      />
    ),
  });

  const columns: DataColumn<ItemRow>[] = [
    textColumn('Name', t('catalog.item_name'), { max: 100 }),
    {
      id: 'FeeType',
      header: t('catalog.item_fee_type'),
      cell: ({ item, index }) => (
        <TextField
          select
          size="small"
          value={item.FeeType}
          onChange={(event) => onChange(index, { FeeType: event.target.value as ItemForm['FeeType'] })}
          slotProps={{ select: { inputProps: { 'aria-label': label(t('catalog.item_fee_type'), index) } } }}
        >
          {FEE_TYPES.map((feeType) => (
            <MenuItem key={feeType} value={feeType}>
              {t(`catalog.fee_type_${feeType}`)}
            </MenuItem>
          ))}
        </TextField>
      ),
    },
    textColumn('Unit', t('catalog.item_unit'), { max: 50 }),
    textColumn('PurchasePrice', t('catalog.item_purchase_price'), { max: 20, isAmount: true }),
    textColumn('Srp', t('catalog.item_srp'), { max: 20, isAmount: true }),
    {
      id: 'actions',
      header: t('catalog.column_actions'),
      isHeaderHidden: true,
      cell: ({ index }) => (
        <IconButton aria-label={t('catalog.remove_item', { number: index + 1 })} onClick={() => onRemove(index)}>
          <MdiIcon path={mdiDelete} />
        </IconButton>
      ),
    },
  ];

  return (
    <DataTable
      tableId="catalog-service-items"
      rows={items.map((item, index) => ({ item, index }))}
      columns={columns}
      rowKey={(row) => row.item.key}
      labelledBy={labelledBy}
      pageSizes={false}
      // Saving without an item is refused: the same sentence then turns into the problem.
      empty={<Alert severity={problems.Items ? 'error' : 'info'}>{t('catalog.problem_no_items')}</Alert>}
    />
  );
}
