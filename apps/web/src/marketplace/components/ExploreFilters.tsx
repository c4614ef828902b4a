import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ServiceFacet, ServiceFacets } from '@cmp/contracts/marketplace';
import type { ExploreParams } from '../utils/exploreParams';

interface ExploreFiltersProps {
  params: ExploreParams;
  facets: ServiceFacets | null | undefined;
  onChange: (change: Partial<ExploreParams>) => void;
  onClear: () => void;
}

/** The selected values stay listed even when no service has them under the other filters. */
function withSelected(facets: ServiceFacet[], selected: string[]): ServiceFacet[] {
  const known = new Set(facets.map((facet) => facet.Key));
  return [...facets, ...selected.filter((key) => !known.has(key)).map((key) => ({ Key: key, Label: key, Count: 0 }))];
}

function toggled<T>(list: T[], value: T, isOn: boolean): T[] {
  return isOn ? [...list, value] : list.filter((each) => each !== value);
}

/** Explore's filters (issue 13): vendor, category, tag and "new only", each value with how many services it would show. */
export function ExploreFilters({ params, facets, onChange, onClear }: ExploreFiltersProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const vendors = withSelected(facets?.Vendors ?? [], params.vendorIds.map(String));
  const categories = withSelected(facets?.Categories ?? [], params.categories);
  const tags = withSelected(facets?.Tags ?? [], params.tags);
  const countLabel = (facet: ServiceFacet) => t('marketplace.facet_count', { label: facet.Label, count: facet.Count });
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('marketplace.filters_title')}
        </Typography>
        <FormControlLabel control={<Switch checked={params.isNewOnly} onChange={(event) => onChange({ isNewOnly: event.target.checked })} />} label={t('marketplace.filter_new_only')} />
        <FormControl component="fieldset" variant="standard">
          <FormLabel component="legend">{t('marketplace.filter_vendors')}</FormLabel>
          <FormGroup>
            {vendors.map((facet) => {
              const id = Number(facet.Key);
              const isChecked = params.vendorIds.includes(id);
              return (
                <FormControlLabel
                  key={facet.Key}
                  control={<Checkbox size="small" checked={isChecked} onChange={(event) => onChange({ vendorIds: toggled(params.vendorIds, id, event.target.checked) })} />}
                  label={countLabel(facet)}
                />
              );
            })}
          </FormGroup>
        </FormControl>
        <FormControl component="fieldset" variant="standard">
          <FormLabel component="legend">{t('marketplace.filter_categories')}</FormLabel>
          <FormGroup>
            {categories.map((facet) => (
              <FormControlLabel
                key={facet.Key}
                control={<Checkbox size="small" checked={params.categories.includes(facet.Key)} onChange={(event) => onChange({ categories: toggled(params.categories, facet.Key, event.target.checked) })} />}
                label={countLabel(facet)}
              />
            ))}
          </FormGroup>
        </FormControl>
        <Autocomplete
          multiple
          size="small"
          options={tags.map((facet) => facet.Key)}
          value={params.tags}
          onChange={(_, value) => onChange({ tags: value })}
          renderOption={({ key, ...props }, tag) => (
            <li key={key} {...props}>
              {countLabel(tags.find((facet) => facet.Key === tag) ?? { Key: tag, Label: tag, Count: 0 })}
            </li>
          )}
          renderInput={(input) => <TextField {...input} label={t('marketplace.filter_tags')} />}
          noOptionsText={t('marketplace.no_tags')}
        />
        <Button variant="outlined" onClick={onClear}>
          {t('marketplace.clear_filters')}
        </Button>
      </Stack>
    </Paper>
  );
}
