import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { landingPageRows, type LandingPageTile } from '@cmp/contracts/landingPage';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';

/** The blocks' heights, roughly in the dashboard's proportions. */
const TILE_HEIGHT: Record<LandingPageTile, number> = { Revenue: 132, PendingOrders: 40, FailedProvisioning: 40, SubscriptionsEnding: 40, AccountCounts: 96, LatestAudit: 132 };

function PreviewTile({ tile, height }: { tile: LandingPageTile; height?: number }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 1, minHeight: height ?? TILE_HEIGHT[tile], bgcolor: 'action.hover', display: 'flex', alignItems: 'flex-start' }}>
      <Typography component="span" variant="caption" sx={{ fontWeight: 600 }}>
        {t(`landing_page.tiles.${tile}.name`)}
      </Typography>
    </Paper>
  );
}

/**
 * The dashboard the layout gives, in miniature: the tiles arranged as the dashboard arranges them
 * (contracts landingPageRows), so the owner sees the result before saving.
 */
export function LayoutPreview({ tiles }: { tiles: LandingPageTile[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const rows = landingPageRows(tiles);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {t('landing_page.preview_title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Box sx={{ height: 10, width: '45%', bgcolor: 'text.disabled', borderRadius: 1, mb: 1.5, opacity: 0.4 }} aria-hidden />
        {rows.length === 0 ? (
          <Typography color="text.secondary" variant="body2">
            {t('landing_page.preview_empty')}
          </Typography>
        ) : (
          <Box aria-hidden sx={{ display: 'grid', gap: 1 }}>
            {rows.map((row, index) =>
              row.kind === 'figures' ? (
                <Box key={index} sx={{ display: 'grid', gap: 1, gridTemplateColumns: row.revenue && row.counts.length ? '3fr 2fr' : `repeat(${Math.max(row.revenue ? 1 : row.counts.length, 1)}, 1fr)` }}>
                  {row.revenue && (
                    <Box sx={{ gridRow: row.counts.length ? `span ${row.counts.length}` : undefined }}>
                      <PreviewTile tile="Revenue" height={row.counts.length ? undefined : 96} />
                    </Box>
                  )}
                  {row.counts.map((tile) => (
                    <PreviewTile key={tile} tile={tile} />
                  ))}
                </Box>
              ) : (
                <Box
                  key={index}
                  sx={{ display: 'grid', gap: 1, gridTemplateColumns: row.tiles.length < 2 ? '1fr' : row.tiles[0] === 'AccountCounts' ? '1fr 3fr' : '3fr 1fr', alignItems: 'start' }}
                >
                  {row.tiles.map((tile) => (
                    <PreviewTile key={tile} tile={tile} />
                  ))}
                </Box>
              ),
            )}
          </Box>
        )}
        {/* The picture above is for the eye; a screen reader hears the tiles in order. */}
        {tiles.length > 0 && (
        <Box component="ol" aria-label={t('landing_page.preview_order')} sx={visuallyHidden}>
          {tiles.map((tile) => (
            <li key={tile}>{t(`landing_page.tiles.${tile}.name`)}</li>
          ))}
        </Box>
        )}
      </Paper>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('landing_page.preview_note')}
      </Typography>
    </Box>
  );
}
