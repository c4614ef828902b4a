import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LayoutField, LayoutPage } from '@cmp/contracts/accountViews';
import { displayText, fieldKey, type FormValues } from './fieldRules';
import { MetadataField } from './MetadataField';

export interface MetadataFormProps {
  pages: LayoutPage[];
  values: FormValues;
  isEditing: boolean;
  errors?: Record<string, string | undefined>;
  onChange?: (key: string, value: unknown) => void;
  onBlur?: (field: LayoutField) => void;
  /** Why a field cannot be changed (undefined: it can). */
  lockedReason?: (field: LayoutField) => string | undefined;
  /** The heading level of the containers when there is one page (2; 3 inside a screen that has its own h2, as the order wizard; 4 below a quote line's h3). */
  headingLevel?: 2 | 3 | 4;
  /** Containers side by side on wide screens (2) or one below the other (1, for a narrow form). */
  columns?: 1 | 2;
  /** Makes the container headings' ids unique when one screen shows several forms of the same layout (a quote's lines). */
  idPrefix?: string;
}

/**
 * Renders a layout (spec §3 "View layout": Pages → Containers → Fields) as a read view or, while
 * editing, as form fields. Each container is a titled section; pages get a heading when there are several.
 */
export function MetadataForm({ pages, values, isEditing, errors = {}, onChange, onBlur, lockedReason, headingLevel = 2, columns = 2, idPrefix = '' }: MetadataFormProps) {
  const { t } = useTranslation();
  const hasPageHeadings = pages.length > 1;
  return (
    <Stack spacing={3}>
      {pages.map((page) => (
        <Stack key={page.Id} spacing={2} component="section" aria-label={page.DisplayValue}>
          {hasPageHeadings && (
            <Typography variant="h5" component={`h${headingLevel}`}>
              {page.DisplayValue}
            </Typography>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: columns === 2 ? 'repeat(2, minmax(0, 1fr))' : '1fr' } }}>
            {page.Containers.filter((container) => container.Fields.length > 0).map((container) => {
              const headingId = `${idPrefix}container-${page.Id}-${container.Id}`;
              return (
                <Paper key={container.Id} variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
                  <Typography id={headingId} variant="h6" component={hasPageHeadings ? (`h${headingLevel + 1}` as 'h3' | 'h4' | 'h5') : (`h${headingLevel}` as const)} sx={{ mb: 1.5 }}>
                    {container.DisplayValue}
                  </Typography>
                  {isEditing ? (
                    <Stack spacing={2}>
                      {container.Fields.map((field) => {
                        const key = fieldKey(field);
                        return (
                          <MetadataField
                            key={key}
                            field={field}
                            value={values[key]}
                            error={errors[key]}
                            lockedReason={lockedReason?.(field)}
                            onChange={(value) => onChange?.(key, value)}
                            onBlur={() => onBlur?.(field)}
                          />
                        );
                      })}
                    </Stack>
                  ) : (
                    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(8rem, 40%) 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
                      {container.Fields.map((field) => (
                        <Box key={fieldKey(field)} sx={{ display: 'contents' }}>
                          <Typography component="dt" color="text.secondary">
                            {field.DisplayValue}
                          </Typography>
                          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                            {field.MfaProtected && values[fieldKey(field)] ? maskSecret(String(values[fieldKey(field)])) : displayText(field, values[fieldKey(field)], (isYes) => t(isYes ? 'account_view.yes' : 'account_view.no'))}
                          </Typography>
                        </Box>
                      ))}
                    </Box>
                  )}
                </Paper>
              );
            })}
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

/** MFA-protected values (bank details) show only their last four characters when read. */
const maskSecret = (value: string) => (value.length > 4 ? `•••• ${value.slice(-4)}` : '••••');
