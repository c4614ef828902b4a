import { useQuery } from '@tanstack/react-query';
import type { Branding } from '@cmp/contracts/branding';
import type { BrandingImageKind, EditableBranding } from '@cmp/contracts/brandingAdmin';
import { callOperation } from '../../platform/api/callOperation';

export const BRANDING_QUERY_KEY = ['admin', 'branding'] as const;

/** The platform owner's branding as stored (paths without the /branding/latest/ prefix, colours without #). */
export function useStoredBranding() {
  return useQuery({
    queryKey: BRANDING_QUERY_KEY,
    queryFn: ({ signal }) => callOperation<Branding>('IAccountService', 'GetBranding', {}, { suppressErrorToast: true, signal }),
  });
}

export function saveBranding(branding: EditableBranding): Promise<Branding> {
  return callOperation<Branding>('IAccountService', 'SaveBranding', { branding }, { suppressErrorToast: true });
}

export async function uploadBrandingImage(kind: BrandingImageKind, file: File): Promise<{ Branding: Branding; Path: string }> {
  return callOperation('IAccountService', 'UploadBrandingImage', { kind, fileName: file.name, contentType: file.type, dataBase64: await base64Of(file) });
}

async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}
