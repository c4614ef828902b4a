import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { failureText } from '../../platform/api/failureText';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useFrequentReports, useReportDefinitions } from '../api/reportingApi';

const reportPath = (name: string) => `/reports/${encodeURIComponent(name)}`;

/** `/reports` (spec §2, Reporting Read): the reports the user runs most as cards, then every report the user may run. */
export function ReportsScreen() {
  const { t, i18n } = useTranslation();
  const frequentId = useId();
  const allId = useId();
  const frequent = useFrequentReports();
  const definitions = useReportDefinitions();

  return (
    <Box sx={{ maxWidth: 1440, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('routes.reports')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('reports.intro')}
      </Typography>

      <Box component="section" aria-labelledby={frequentId} sx={{ mb: 4 }}>
        <Typography id={frequentId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('reports.frequent_title')}
        </Typography>
        {frequent.isPending && <LoadingIndicator />}
        {frequent.isError && <Alert severity="error">{failureText(frequent.error)}</Alert>}
        {frequent.data && frequent.data.Reports.length === 0 && <Typography role="status">{t('reports.none')}</Typography>}
        {frequent.data && frequent.data.Reports.length > 0 && (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(210px, 1fr))' }}>
            {frequent.data.Reports.map((report) => (
              <Box component="li" key={report.Name} sx={{ display: 'flex' }}>
                <Card variant="outlined" sx={{ flex: 1, display: 'flex' }}>
                  <CardActionArea component={RouterLink} to={reportPath(report.Name)} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start', height: '100%' }}>
                    <CardContent>
                      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                        {report.Title}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                        {report.Description}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
                        {report.LastRunAt ? t('reports.last_run', { date: formatDateTime(report.LastRunAt, i18n.language), count: report.Runs }) : t('reports.never_run')}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Box>
            ))}
          </Box>
        )}
      </Box>

      <Paper component="section" aria-labelledby={allId} variant="outlined" sx={{ p: 3 }}>
        <Typography id={allId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('reports.all_title')}
        </Typography>
        {definitions.isPending && <LoadingIndicator />}
        {definitions.isError && <Alert severity="error">{failureText(definitions.error)}</Alert>}
        {definitions.data && definitions.data.Reports.length === 0 && <Typography role="status">{t('reports.none')}</Typography>}
        {definitions.data && definitions.data.Reports.length > 0 && (
          <List aria-labelledby={allId}>
            {definitions.data.Reports.map((report) => (
              <ListItem key={report.Name} disablePadding>
                <ListItemButton component={RouterLink} to={reportPath(report.Name)}>
                  <ListItemText primary={report.Title} secondary={report.Description} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Box>
  );
}
