import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../../platform/ui/visuallyHidden';
import { numberFormat } from '../../../platform/i18n/intlFormats';

/** The figure's own height, whatever it shows (a number, its placeholder or a failure): nothing moves when it arrives (issue 12). */
export const FIGURE_HEIGHT = 48;

/**
 * One figure of the dashboard as a card that is one link to the screen or report behind it: its
 * label is the link's name, the figure (or what keeps it from showing) its description.
 */
export function CountFigureCard({ title, to, query }: { title: string; to: string; query: Pick<UseQueryResult<number>, 'data' | 'isPending' | 'isError'> }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const figureId = useId();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        aria-labelledby={titleId}
        aria-describedby={figureId}
        sx={{ height: '100%', p: 2, display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'space-between' }}
      >
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
          {title}
        </Typography>
        <Box id={figureId} sx={{ height: FIGURE_HEIGHT, mt: 1, display: 'flex', alignItems: 'flex-end', overflow: 'hidden' }}>
          {query.isPending ? (
            <>
              <Skeleton variant="rounded" width={72} height={40} aria-hidden />
              <Box component="span" sx={visuallyHidden}>
                {t('common.loading')}
              </Box>
            </>
          ) : query.isError || query.data === undefined ? (
            <Typography variant="body2" color="error">
              {t('dashboard_figures.load_failed')}
            </Typography>
          ) : (
            <Typography component="p" variant="h4" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
              {numberFormat(i18n.language).format(query.data)}
            </Typography>
          )}
        </Box>
      </CardActionArea>
    </Card>
  );
}
