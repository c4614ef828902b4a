import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../platform/dates/formatDateTime';
import { useSessionUser } from '../../../platform/session/currentUser';
import { QueryCard } from '../../../platform/ui/QueryCard';
import { visuallyHidden } from '../../../platform/ui/visuallyHidden';
import { mayCancelTermination, useCancelScheduledTermination } from '../hooks/useCancelScheduledTermination';
import { useScheduledTerminations } from '../hooks/useTerminationQueries';

const PAGE_SIZES = [10, 25, 50];

/** spec §4 "A scheduled termination can be cancelled": the scheduled ones in the caller's hierarchy, soonest first. */
export function ScheduledTerminationsCard() {
  const { t, i18n } = useTranslation();
  const capabilities = useSessionUser()?.Capability ?? [];
  const { cancel, cancellingId, dialog } = useCancelScheduledTermination();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const query = useScheduledTerminations(page, pageSize);

  return (
    <>
      <QueryCard title={t('account_lifecycle.scheduled_title')} intro={t('account_lifecycle.scheduled_intro')} query={query}>
        {(data, headingId) =>
          data.TotalCount === 0 ? (
            <Typography>{t('account_lifecycle.scheduled_empty')}</Typography>
          ) : (
            <>
              <TableContainer>
                <Table size="small" aria-labelledby={headingId}>
                  <TableHead>
                    <TableRow>
                      <TableCell scope="col">{t('account_lifecycle.column_account')}</TableCell>
                      <TableCell scope="col">{t('account_lifecycle.column_date')}</TableCell>
                      <TableCell scope="col">{t('account_lifecycle.column_reason')}</TableCell>
                      <TableCell scope="col">{t('account_lifecycle.column_requested_by')}</TableCell>
                      <TableCell scope="col">
                        <Box component="span" sx={visuallyHidden}>
                          {t('account_lifecycle.column_actions')}
                        </Box>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.Items.map((item) => (
                      <TableRow key={item.TerminationId}>
                        <TableCell>
                          <Link component={RouterLink} to={`/account/${item.AccountId}`}>
                            {item.DisplayName}
                          </Link>{' '}
                          <Typography component="span" variant="body2" color="text.secondary">
                            {t(`account_lifecycle.type_${item.AccountType}`)}
                          </Typography>
                        </TableCell>
                        <TableCell>{formatDateTime(item.TerminateAt, i18n.language)}</TableCell>
                        <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{item.Reason || '—'}</TableCell>
                        <TableCell>{item.RequestedByDisplayName ?? '—'}</TableCell>
                        <TableCell align="right">
                          {mayCancelTermination(capabilities, item.AccountType) && (
                            <Button
                              size="small"
                              onClick={() => void cancel(item)}
                              loading={cancellingId === item.AccountId}
                              aria-label={t('account_lifecycle.cancel_for', { name: item.DisplayName })}
                            >
                              {t('account_lifecycle.cancel_submit')}
                            </Button>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <TablePagination
                component="div"
                count={data.TotalCount}
                page={page}
                onPageChange={(_event, next) => setPage(next)}
                rowsPerPage={pageSize}
                rowsPerPageOptions={PAGE_SIZES}
                onRowsPerPageChange={(event) => {
                  setPageSize(Number(event.target.value));
                  setPage(0);
                }}
              />
            </>
          )
        }
      </QueryCard>
      {dialog}
    </>
  );
}
