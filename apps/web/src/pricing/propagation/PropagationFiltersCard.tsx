import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { mdiDeleteOutline, mdiPlus } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FILTER_TYPES, type FilterType, type GetPropagationFiltersResponse, type PropagationFilterInput } from '@cmp/contracts/propagation';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { RowActionButton } from '../../platform/ui/table/RowActionButton';
import { filtersQueryKey, savePropagationFilters, usePropagationFilters } from './propagationApi';

interface EditedFilter {
  key: string;
  PropagationFilterId?: number;
  VendorFilterType: FilterType;
  VendorAccountIds: number[];
  TagFilterType: FilterType;
  Tags: string[];
}

let nextKey = 0;
const edited = (filter: Omit<EditedFilter, 'key'>): EditedFilter => ({ ...filter, key: `filter-${(nextKey += 1)}` });
const toInput = ({ key: _key, ...filter }: EditedFilter): PropagationFilterInput => filter;

interface PropagationFiltersCardProps {
  marketplaceId: number;
  canChange: boolean;
  /** Saved filters change what a preview showed. */
  onSaved: () => void;
}

/** spec §3/§5 pricelist filters: vendors and tags included or excluded; conflicting saved filters are deleted after confirmation. */
export function PropagationFiltersCard({ marketplaceId, canChange, onSaved }: PropagationFiltersCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = usePropagationFilters(marketplaceId);
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('propagation.filters_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('propagation.filters_intro')}
      </Typography>
      {query.isPending && <LoadingIndicator />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {query.data && <FiltersEditor key={query.dataUpdatedAt} marketplaceId={marketplaceId} saved={query.data} canChange={canChange} onSaved={onSaved} />}
    </Paper>
  );
}

function FiltersEditor({ marketplaceId, saved, canChange, onSaved }: { marketplaceId: number; saved: GetPropagationFiltersResponse } & Omit<PropagationFiltersCardProps, 'marketplaceId'>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const [filters, setFilters] = useState<EditedFilter[]>(() => saved.Filters.map(edited));
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string>();
  const vendorName = new Map(saved.Vendors.map((vendor) => [vendor.AccountId, vendor.Name]));
  const change = (key: string, patch: Partial<EditedFilter>) => setFilters((current) => current.map((filter) => (filter.key === key ? { ...filter, ...patch } : filter)));

  const save = async (deleteConflicting = false): Promise<void> => {
    setIsSaving(true);
    setError(undefined);
    try {
      const answer = await savePropagationFilters(marketplaceId, filters.map(toInput), deleteConflicting);
      queryClient.setQueryData(filtersQueryKey(marketplaceId), answer);
      showMessage({ type: 'success', text: t('propagation.filters_saved') });
      onSaved();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409 && !deleteConflicting) {
        setIsSaving(false);
        const agreed = await confirm({
          title: t('propagation.conflict_title'),
          message: failure.message,
          agreeLabel: t('propagation.conflict_delete'),
          rejectLabel: t('propagation.conflict_keep'),
        });
        if (agreed) await save(true);
        return;
      }
      setError(failureText(failure));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <>
      {filters.length === 0 && <Typography sx={{ mb: 2 }}>{t('propagation.filters_none')}</Typography>}
      <Stack spacing={2} sx={{ mb: 2 }}>
        {filters.map((filter, index) => (
          <Stack
            key={filter.key}
            component="fieldset"
            direction={{ xs: 'column', lg: 'row' }}
            spacing={2}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, alignItems: { lg: 'flex-start' } }}
          >
            <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
              {t('propagation.filter_number', { number: index + 1 })}
            </Typography>
            <TextField
              select
              size="small"
              label={t('propagation.vendor_filter_type')}
              value={filter.VendorFilterType}
              disabled={!canChange}
              onChange={(event) => change(filter.key, { VendorFilterType: event.target.value as FilterType })}
              sx={{ minWidth: 160 }}
            >
              {FILTER_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`propagation.filter_types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <Autocomplete
              multiple
              size="small"
              disabled={!canChange}
              options={saved.Vendors.map((vendor) => vendor.AccountId)}
              getOptionLabel={(id) => vendorName.get(id) ?? String(id)}
              value={filter.VendorAccountIds}
              onChange={(_, value) => change(filter.key, { VendorAccountIds: value })}
              sx={{ minWidth: 260, flex: 1 }}
              renderInput={(params) => <TextField {...params} label={t('propagation.vendors')} helperText={filter.VendorAccountIds.length === 0 ? t('propagation.vendors_empty') : undefined} />}
            />
            <TextField
              select
              size="small"
              label={t('propagation.tag_filter_type')}
              value={filter.TagFilterType}
              disabled={!canChange}
              onChange={(event) => change(filter.key, { TagFilterType: event.target.value as FilterType })}
              sx={{ minWidth: 160 }}
            >
              {FILTER_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`propagation.filter_types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <Autocomplete
              multiple
              freeSolo
              size="small"
              disabled={!canChange}
              options={saved.Tags}
              value={filter.Tags}
              onChange={(_, value) => change(filter.key, { Tags: value.map((tag) => tag.trim()).filter(Boolean) })}
              sx={{ minWidth: 220, flex: 1 }}
              renderInput={(params) => <TextField {...params} label={t('propagation.tags')} helperText={filter.Tags.length === 0 ? t('propagation.tags_empty') : undefined} />}
            />
            {canChange && (
              <RowActionButton
                label={t('propagation.remove_filter', { number: index + 1 })}
                icon={mdiDeleteOutline}
                onClick={() => setFilters((current) => current.filter((each) => each.key !== filter.key))}
              />
            )}
          </Stack>
        ))}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {canChange && (
        <Stack direction="row" spacing={2}>
          <Button
            startIcon={<MdiIcon path={mdiPlus} />}
            onClick={() => setFilters((current) => [...current, edited({ VendorFilterType: 'Include', VendorAccountIds: [], TagFilterType: 'Include', Tags: [] })])}
          >
            {t('propagation.add_filter')}
          </Button>
          <Button variant="outlined" disabled={isSaving} onClick={() => void save()}>
            {t('propagation.save_filters')}
          </Button>
        </Stack>
      )}
      {dialog}
    </>
  );
}
