import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { mdiPencil, mdiPlus } from '@mdi/js';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { VendorService } from '@cmp/contracts/catalog';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { saveVendorService, useVendorServices, vendorServicesKey, type VendorServiceInput } from '../api/serviceManagementOperations';
import { ServiceEditorDialog, type ServiceEditorState } from './ServiceEditorDialog';

/** The vendor's services with their priceable items; new and edit open the service editor. */
export function VendorServicesCard({ vendorAccountId, canEdit }: { vendorAccountId: number; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const query = useVendorServices(vendorAccountId);
  const [editing, setEditing] = useState<ServiceEditorState>();
  const [text, setText] = useState('');
  const shown = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return (query.data ?? []).filter((service) => !needle || `${service.DisplayName} ${service.ServiceName} ${service.Category ?? ''}`.toLowerCase().includes(needle));
  }, [query.data, text]);
  const nameOf = (service: VendorService) => service.DisplayNames[i18n.language] || service.DisplayName;

  const save = async (serviceName: string, revisionId: number | undefined, service: VendorServiceInput) => {
    try {
      const saved = await saveVendorService(vendorAccountId, serviceName, revisionId, service);
      showMessage({ type: 'success', text: t(revisionId === undefined ? 'catalog.service_created' : 'catalog.service_saved', { name: saved.DisplayName }) });
      setEditing(undefined);
      await queryClient.invalidateQueries({ queryKey: vendorServicesKey(vendorAccountId) });
      return undefined;
    } catch (error) {
      return failureText(error);
    }
  };

  const columns: DataColumn<VendorService>[] = [
    {
      id: 'service',
      header: t('catalog.column_service'),
      isRowHeader: true,
      sortValue: nameOf,
      cell: (service) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {nameOf(service)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {service.ServiceName}
          </Typography>
        </>
      ),
    },
    { id: 'category', header: t('catalog.column_category'), sortValue: (service) => service.Category, cell: (service) => service.Category },
    {
      id: 'items',
      header: t('catalog.column_items'),
      cell: (service) =>
        service.Items.filter((item) => item.IsActive).map((item) => (
          <Typography key={item.PriceableItemId} variant="body2">
            {t('catalog.item_summary', { name: item.Name, feeType: t(`catalog.fee_type_${item.FeeType}`), purchase: item.PurchasePrice ?? '–', srp: item.Srp ?? '–' })}
          </Typography>
        )),
    },
    { id: 'currency', header: t('catalog.column_currency'), sortValue: (service) => service.Currency, cell: (service) => service.Currency },
    {
      id: 'status',
      header: t('catalog.column_status'),
      sortValue: (service) => (service.IsActive ? t('catalog.status_sold') : t('catalog.status_withdrawn')),
      cell: (service) => <Chip size="small" label={service.IsActive ? t('catalog.status_sold') : t('catalog.status_withdrawn')} color={service.IsActive ? 'success' : 'default'} />,
    },
    { id: 'revision', header: t('catalog.column_revision'), align: 'right', sortValue: (service) => service.Revision, cell: (service) => service.Revision },
    ...(canEdit
      ? [
          {
            id: 'actions',
            header: t('catalog.column_actions'),
            cell: (service: VendorService) => (
              <IconButton aria-label={t('catalog.edit_service', { name: nameOf(service) })} onClick={() => setEditing({ mode: 'edit', service })}>
                <MdiIcon path={mdiPencil} />
              </IconButton>
            ),
          },
        ]
      : []),
  ];

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('catalog.vendor_services_title')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <TextField size="small" type="search" label={t('catalog.filter_services')} value={text} onChange={(event) => setText(event.target.value)} />
          {canEdit && (
            <Button variant="contained" startIcon={<MdiIcon path={mdiPlus} />} onClick={() => setEditing({ mode: 'new' })}>
              {t('catalog.new_service')}
            </Button>
          )}
        </Stack>
      </Stack>
      <DataTable
        tableId="catalog-vendor-services"
        rows={shown}
        columns={columns}
        rowKey={(service) => service.ServiceName}
        labelledBy={headingId}
        isLoading={query.isPending}
        error={query.isError ? failureText(query.error) : undefined}
        empty={<Typography role="status">{query.data?.length ? t('catalog.no_match') : t('catalog.no_vendor_services')}</Typography>}
      />
      <ServiceEditorDialog state={editing} onSave={save} onClose={() => setEditing(undefined)} />
    </Paper>
  );
}
