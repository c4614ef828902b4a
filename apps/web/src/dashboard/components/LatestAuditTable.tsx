import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@cmp/contracts/accounts';
import { formatDateTime } from '../../platform/dates/formatDateTime';

/** The latest audit entries within the caller's hierarchy, newest first as the server sends them. */
export function LatestAuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useTranslation();

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography id="latest-audit-heading" variant="h6" component="h2" gutterBottom>
          {t('dashboard.audit_title')}
        </Typography>
        {entries.length === 0 ? (
          <Typography color="text.secondary">{t('dashboard.audit_empty')}</Typography>
        ) : (
          // A keyboard user can scroll the table sideways on narrow screens (WCAG 2.1.1).
          <TableContainer tabIndex={0} role="region" aria-labelledby="latest-audit-heading">
            <Table size="small" aria-labelledby="latest-audit-heading">
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">{t('dashboard.column_time')}</TableCell>
                  <TableCell component="th" scope="col">{t('dashboard.column_action')}</TableCell>
                  <TableCell component="th" scope="col">{t('dashboard.column_account')}</TableCell>
                  <TableCell component="th" scope="col">{t('dashboard.column_actor')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry) => (
                  <TableRow key={entry.Id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={entry.OccurredAt}>{formatDateTime(entry.OccurredAt, i18n.language)}</time>
                    </TableCell>
                    <TableCell>{t(`audit_actions.${entry.Action}`, { defaultValue: entry.Action })}</TableCell>
                    <TableCell>{entry.AccountDisplayName ?? '—'}</TableCell>
                    <TableCell>
                      {entry.ImpersonatorDisplayName
                        ? t('audit_log.actor_as', { impersonator: entry.ImpersonatorDisplayName, actor: entry.ActorDisplayName ?? '—' })
                        : (entry.ActorDisplayName ?? '—')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
