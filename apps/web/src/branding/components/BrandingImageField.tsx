import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BRANDING_PATH_PREFIX, type Branding } from '@cmp/contracts/branding';
import type { BrandingImageKind } from '@cmp/contracts/brandingAdmin';
import { showMessage } from '../../platform/messages/messageStore';
import { uploadBrandingImage } from '../api/brandingOperations';

const ACCEPT = '.png,.svg,.ico,.jpg,.jpeg,image/png,image/svg+xml,image/x-icon,image/vnd.microsoft.icon,image/jpeg';

interface BrandingImageFieldProps {
  kind: BrandingImageKind;
  path: string;
  onUploaded(branding: Branding): void;
}

/** The logo or favicon: a preview of the stored image and an upload (PNG, SVG, ICO, JPEG up to 512 KB). */
export function BrandingImageField({ kind, path, onUploaded }: BrandingImageFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const helpId = useId();
  const [isUploading, setIsUploading] = useState(false);
  // Stored names are served under /branding/latest/ (spec §7); the default favicon is a site path already.
  const previewSrc = path.startsWith('/') || /^https?:/i.test(path) ? path : BRANDING_PATH_PREFIX + path;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setIsUploading(true);
    try {
      const result = await uploadBrandingImage(kind, file);
      onUploaded(result.Branding);
      showMessage({ type: 'success', text: t('branding.uploaded', { name: file.name }) });
    } catch {
      // The API client has shown the server's message (spec §8 "Upload failed", "File format not supported").
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Box
        sx={{ width: 96, height: 56, border: 1, borderColor: 'divider', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.paper' }}
      >
        {path ? (
          <Box component="img" src={previewSrc} alt={t(`branding.${kind}_preview`)} sx={{ maxWidth: 88, maxHeight: 48, objectFit: 'contain' }} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('branding.no_image')}
          </Typography>
        )}
      </Box>
      <Box>
        <Box component="label" htmlFor={inputId} sx={{ typography: 'subtitle2', display: 'block', mb: 0.5 }}>
          {t(`branding.upload_${kind}`)}
        </Box>
        <Box component="input" id={inputId} type="file" accept={ACCEPT} onChange={upload} disabled={isUploading} aria-describedby={helpId} sx={{ typography: 'body2', display: 'block', height: 36, my: 0.5 }} />
        <Typography id={helpId} variant="body2" color="text.secondary">
          {t('branding.image_help')}
        </Typography>
      </Box>
    </Stack>
  );
}
