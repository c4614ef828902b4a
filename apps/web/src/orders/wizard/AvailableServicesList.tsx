import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { useAvailableServices, type AvailableServicesPage } from '../api/orderWizardApi';
import { AvailableServicesTable, type ServiceTableAction } from './AvailableServicesTable';

const PAGE_SIZES = [10, 25, 50];

interface AvailableServicesListProps {
  accountId: number;
  /** The heading that names the table. */
  labelledBy: string;
  /** Select mode (the wizard) or order mode (the account's page, which may order when the answer's CanOrder says so). */
  action: Extract<ServiceTableAction, { kind: 'select' }> | { kind: 'order' };
  /** Each answer, for what the page around the list shows (the account's name, whether it may order). */
  onData?: (page: AvailableServicesPage) => void;
}

/** GetAvailableServices searched and paged: the services an account may order from its pricelist. */
export function AvailableServicesList({ accountId, labelledBy, action, onData }: AvailableServicesListProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const settledText = useDebouncedValue(text).trim();
  // The server keeps its own order (the services' ranking, then the name): no column sorts.
  const list = useServerPaging<string>({ sortBy: 'Ranking', sortDirection: 'desc' }, [settledText, accountId], PAGE_SIZES);
  const { page, pageSize } = list.request;
  const query = useAvailableServices({ accountId, page, pageSize, ...(settledText ? { text: settledText } : {}) });
  const data = query.data;
  useEffect(() => {
    if (data) onData?.(data);
    // The page around the list follows the answers, not the callback's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  return (
    <Box>
      <TextField
        type="search"
        size="small"
        label={t('order_wizard.available_search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ mb: 1, width: { xs: '100%', sm: 360 } }}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      {query.isFetching && !query.isPending ? <LinearProgress aria-label={t('common.loading')} /> : <Box sx={{ height: 4 }} />}
      {query.isPending && <LoadingIndicator label={t('order_wizard.available_loading')} />}
      {!query.isPending && (
        <AvailableServicesTable
          services={data?.Services ?? []}
          currency={data?.Currency ?? null}
          labelledBy={labelledBy}
          action={action.kind === 'select' ? action : { kind: 'order', accountId, canOrder: data?.CanOrder ?? false }}
          server={list.paging(data?.Total ?? 0)}
          error={query.isError && failureText(query.error)}
          empty={
            <Typography role="status" sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
              {settledText ? t('order_wizard.available_no_match', { text: settledText }) : t('order_wizard.available_empty')}
            </Typography>
          }
        />
      )}
    </Box>
  );
}
