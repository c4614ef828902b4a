import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useManagedVendors, useVendorProfile } from '../api/serviceManagementOperations';
import { VendorProfileForm } from '../components/VendorProfileForm';
import { VendorServicesCard } from '../components/VendorServicesCard';

/**
 * My vendor profile (`#/Marketplace/VendorProfile`, Product Owner Profile Read; issue 13): the
 * vendor's profile and the services it maintains. A vendor sees its own; the platform owner picks
 * one of the vendors in its hierarchy.
 */
export function VendorProfileScreen() {
  const { t } = useTranslation();
  const vendors = useManagedVendors(true);
  const [chosen, setChosen] = useState<number>();
  const vendorAccountId = chosen ?? vendors.data?.[0]?.VendorAccountId;
  const profile = useVendorProfile(vendorAccountId, vendorAccountId !== undefined);

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('routes.vendor_profile')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('catalog.vendor_profile_intro')}
      </Typography>
      {vendors.isPending && <LoadingIndicator />}
      {vendors.isError && <Alert severity="error">{failureText(vendors.error)}</Alert>}
      {vendors.data?.length === 0 && (
        <Alert severity="info" role="status">
          {t('catalog.no_vendors')}
        </Alert>
      )}
      {vendors.data && vendors.data.length > 1 && (
        <TextField select label={t('catalog.choose_vendor')} value={vendorAccountId ?? ''} onChange={(event) => setChosen(Number(event.target.value))} sx={{ mb: 3, minWidth: 320 }}>
          {vendors.data.map((vendor) => (
            <MenuItem key={vendor.VendorAccountId} value={vendor.VendorAccountId}>
              {vendor.VendorName}
            </MenuItem>
          ))}
        </TextField>
      )}
      {vendorAccountId !== undefined && profile.isPending && <LoadingIndicator />}
      {profile.isError && <Alert severity="error">{failureText(profile.error)}</Alert>}
      {profile.data && (
        <Stack spacing={3}>
          <VendorProfileForm key={profile.data.VendorAccountId} profile={profile.data} />
          <VendorServicesCard vendorAccountId={profile.data.VendorAccountId} canEdit={profile.data.CanEdit} />
        </Stack>
      )}
    </Box>
  );
}
