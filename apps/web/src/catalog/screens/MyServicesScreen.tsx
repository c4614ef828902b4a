import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { mdiDownload, mdiFileUpload, mdiPencil } from '@mdi/js';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import type { MyService, MyServicesSortKey } from '@cmp/contracts/catalog';
import { failureText } from '../../platform/api/failureText';
import { saveDownload } from '../../platform/files/saveDownload';
import { showMessage } from '../../platform/messages/messageStore';
import { useSessionUser } from '../../platform/session/currentUser';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { exportServices, MY_SERVICES_KEY, saveMyService, useMyServices } from '../api/serviceManagementOperations';
import { ImportServicesDialog } from '../components/ImportServicesDialog';
import { ServiceTextsDialog } from '../components/ServiceTextsDialog';

const CAN_EDIT = requirement('SERVICE_TOOL_EDIT', ['Execute']);
const CAN_EXPORT = requirement('SERVICE_TOOL_EXPORT', ['Execute']);
const CAN_GROUP = requirement('SERVICE_TOOL_GROUPS', ['Read']);

type EnabledFilter = 'all' | 'enabled' | 'disabled';

/**
 * My services (`#/Marketplace/MyServices`, My Services Read; issue 13): a reseller's view of the
 * catalog — enable or disable a service for its customers, give it its own name and description,
 * export the list to Excel and import it back. A vendor sees its own services.
 */
export function MyServicesScreen() {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const capabilities = useSessionUser()?.Capability ?? [];
  const [text, setText] = useState('');
  const debouncedText = useDebouncedValue(text.trim(), 300);
  const [vendor, setVendor] = useState<number | ''>('');
  const [category, setCategory] = useState('');
  const [enabled, setEnabled] = useState<EnabledFilter>('all');
  const [editingTexts, setEditingTexts] = useState<MyService>();
  const [isImporting, setIsImporting] = useState(false);
  const [isExporting, setIsExporting] = useState(false);
  const [switching, setSwitching] = useState<string>();
  const filter = { Text: debouncedText, ...(vendor === '' ? {} : { VendorAccountId: vendor }), ...(category ? { Category: category } : {}), ...(enabled === 'all' ? {} : { IsEnabled: enabled === 'enabled' }) };
  const list = useServerPaging<MyServicesSortKey>({ sortBy: 'DisplayName', sortDirection: 'asc' }, filter);
  const query = useMyServices({ filter, ...list.request });
  const isReseller = query.data?.OwnerType !== 'Vendor';
  const canEdit = isReseller && isAllowed(capabilities, CAN_EDIT);
  const reload = () => queryClient.invalidateQueries({ queryKey: MY_SERVICES_KEY });

  const toggle = async (service: MyService, isEnabled: boolean) => {
    setSwitching(service.ServiceName);
    try {
      await saveMyService(service.ServiceName, service.Revision, { IsEnabled: isEnabled });
      showMessage({ type: 'success', text: t(isEnabled ? 'catalog.service_enabled' : 'catalog.service_disabled', { name: service.DisplayName }), name: 'catalog-switch' });
      await reload();
    } catch (error) {
      showMessage({ type: 'error', text: failureText(error) });
    } finally {
      setSwitching(undefined);
    }
  };

  const saveTexts = async (service: MyService, texts: { DisplayNames: Record<string, string>; Descriptions: Record<string, string> }) => {
    try {
      await saveMyService(service.ServiceName, service.Revision, texts);
    } catch (error) {
      return failureText(error);
    }
    showMessage({ type: 'success', text: t('catalog.texts_saved', { name: service.DisplayName }) });
    setEditingTexts(undefined);
    await reload();
    return undefined;
  };

  const download = async () => {
    setIsExporting(true);
    try {
      saveDownload(await exportServices());
    } catch {
      // The error toast (spec §8) has said why.
    } finally {
      setIsExporting(false);
    }
  };

  const data = query.data;
  const statusOf = (service: MyService) =>
    service.IsEnabled ? (isReseller ? t('catalog.filter_only_enabled') : t('catalog.status_sold')) : isReseller ? t('catalog.filter_only_disabled') : t('catalog.status_withdrawn');
  const textsOf = (service: MyService) =>
    Object.values(service.DisplayNames).length > 0 || Object.values(service.Descriptions).length > 0
      ? t('catalog.own_texts', { languages: [...new Set([...Object.keys(service.DisplayNames), ...Object.keys(service.Descriptions)])].join(', ') })
      : t('catalog.vendor_texts');
  const columns: DataColumn<MyService>[] = [
    {
      id: 'DisplayName',
      header: t('catalog.column_service'),
      sortable: true,
      isRowHeader: true,
      cell: (service) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {service.DisplayName}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {service.ServiceName}
          </Typography>
        </>
      ),
    },
    { id: 'VendorName', header: t('catalog.column_vendor'), sortable: true, cell: (service) => service.VendorName },
    { id: 'Category', header: t('catalog.column_category'), sortable: true, cell: (service) => service.Category },
    ...(isReseller ? [{ id: 'texts', header: t('catalog.column_your_texts'), cell: textsOf }] : []),
    {
      id: 'IsEnabled',
      header: isReseller ? t('catalog.column_enabled') : t('catalog.column_status'),
      sortable: true,
      cell: (service) =>
        canEdit ? (
          <Switch
            checked={service.IsEnabled}
            disabled={switching === service.ServiceName}
            onChange={(event) => void toggle(service, event.target.checked)}
            slotProps={{ input: { 'aria-label': t('catalog.enable_for_customers', { name: service.DisplayName }) } }}
          />
        ) : (
          statusOf(service)
        ),
    },
    ...(canEdit
      ? [
          {
            id: 'actions',
            header: t('catalog.column_actions'),
            cell: (service: MyService) => (
              <IconButton aria-label={t('catalog.edit_texts', { name: service.DisplayName })} onClick={() => setEditingTexts(service)}>
                <MdiIcon path={mdiPencil} />
              </IconButton>
            ),
          },
        ]
      : []),
  ];

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('routes.my_services')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {isReseller ? t('catalog.my_services_intro') : t('catalog.my_services_vendor_intro')}
      </Typography>
      <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {t('catalog.my_services_title')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {isReseller && isAllowed(capabilities, CAN_GROUP) && (
              <Button component={RouterLink} to="/service-tool/edit-service-groups">
                {t('catalog.service_groups_link')}
              </Button>
            )}
            {isAllowed(capabilities, CAN_EXPORT) && (
              <Button variant="outlined" startIcon={<MdiIcon path={mdiDownload} />} loading={isExporting} onClick={() => void download()}>
                {t('catalog.export_excel')}
              </Button>
            )}
            {isAllowed(capabilities, CAN_EDIT) && (
              <Button variant="outlined" startIcon={<MdiIcon path={mdiFileUpload} />} onClick={() => setIsImporting(true)}>
                {t('catalog.import_excel')}
              </Button>
            )}
          </Stack>
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr 1fr' }, mb: 2 }}>
          <TextField size="small" type="search" label={t('catalog.filter_services')} value={text} onChange={(event) => setText(event.target.value)} />
          <TextField select size="small" label={t('catalog.filter_vendor')} value={vendor} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }} onChange={(event) => setVendor(event.target.value === '' ? '' : Number(event.target.value))}>
            <MenuItem value="">{t('catalog.filter_all')}</MenuItem>
            {(data?.Vendors ?? []).map((each) => (
              <MenuItem key={each.VendorAccountId} value={each.VendorAccountId}>
                {each.VendorName}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('catalog.filter_category')} value={category} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }} onChange={(event) => setCategory(event.target.value)}>
            <MenuItem value="">{t('catalog.filter_all')}</MenuItem>
            {(data?.Categories ?? []).map((each) => (
              <MenuItem key={each} value={each}>
                {each}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={isReseller ? t('catalog.filter_enabled') : t('catalog.filter_sold')} value={enabled} onChange={(event) => setEnabled(event.target.value as EnabledFilter)}>
            <MenuItem value="all">{t('catalog.filter_all')}</MenuItem>
            <MenuItem value="enabled">{isReseller ? t('catalog.filter_only_enabled') : t('catalog.status_sold')}</MenuItem>
            <MenuItem value="disabled">{isReseller ? t('catalog.filter_only_disabled') : t('catalog.status_withdrawn')}</MenuItem>
          </TextField>
        </Box>
        <DataTable
          tableId="catalog-my-services"
          rows={data?.Services ?? []}
          columns={columns}
          rowKey={(service) => service.ServiceName}
          labelledBy={headingId}
          server={list.paging(data?.Total ?? 0)}
          isLoading={query.isPending}
          error={query.isError ? failureText(query.error) : undefined}
          empty={<Typography role="status">{t('catalog.no_match')}</Typography>}
        />
      </Paper>
      <ServiceTextsDialog service={editingTexts} onSave={saveTexts} onClose={() => setEditingTexts(undefined)} />
      <ImportServicesDialog open={isImporting} onClose={() => setIsImporting(false)} onImported={() => void reload()} />
    </Box>
  );
}
