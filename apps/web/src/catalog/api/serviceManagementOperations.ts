import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  GetMyServicesRequest,
  ImportServicesResult,
  MyService,
  PriceableItemInput,
  ServiceGroup,
  VendorProfile,
  VendorProfileInput,
  VendorService,
  VendorServiceInput,
} from '@cmp/contracts/catalog';
import { callOperation } from '../../platform/api/callOperation';
import type { DownloadedFile } from '../../platform/files/saveDownload';

// IServiceManagementService (issue 13): My vendor profile, My services, the service tool.

const SERVICE = 'IServiceManagementService';

export interface ManagedVendor {
  VendorAccountId: number;
  VendorName: string;
}
export interface MyServicesPage {
  OwnerType: 'Reseller' | 'Vendor';
  Services: MyService[];
  Total: number;
  Vendors: ManagedVendor[];
  Categories: string[];
}
export type { PriceableItemInput, VendorServiceInput };

export const CATALOG_QUERY_KEY = ['catalog'] as const;
export const vendorProfileKey = (vendorAccountId: number | undefined) => [...CATALOG_QUERY_KEY, 'vendorProfile', vendorAccountId ?? 'own'] as const;
export const vendorServicesKey = (vendorAccountId: number | undefined) => [...CATALOG_QUERY_KEY, 'vendorServices', vendorAccountId ?? 'own'] as const;
export const MY_SERVICES_KEY = [...CATALOG_QUERY_KEY, 'myServices'] as const;
export const SERVICE_GROUPS_KEY = [...CATALOG_QUERY_KEY, 'serviceGroups'] as const;

/** The vendors whose profile the caller may open (a vendor: itself). */
export function useManagedVendors(enabled: boolean) {
  return useQuery({
    queryKey: [...CATALOG_QUERY_KEY, 'vendors'],
    queryFn: ({ signal }) => callOperation<{ Vendors: ManagedVendor[] }>(SERVICE, 'GetManagedVendors', {}, { suppressErrorToast: true, signal }),
    select: (answer) => answer.Vendors,
    enabled,
  });
}

const vendorBody = (vendorAccountId: number | undefined) => (vendorAccountId === undefined ? {} : { vendorAccountId });

export function useVendorProfile(vendorAccountId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: vendorProfileKey(vendorAccountId),
    queryFn: ({ signal }) => callOperation<VendorProfile>(SERVICE, 'GetVendorProfile', vendorBody(vendorAccountId), { suppressErrorToast: true, signal }),
    enabled,
  });
}

export const saveVendorProfile = (vendorAccountId: number | undefined, profile: VendorProfileInput) =>
  callOperation<VendorProfile>(SERVICE, 'SaveVendorProfile', { ...vendorBody(vendorAccountId), profile }, { suppressErrorToast: true });

export function useVendorServices(vendorAccountId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: vendorServicesKey(vendorAccountId),
    queryFn: ({ signal }) => callOperation<{ Services: VendorService[] }>(SERVICE, 'GetVendorServices', vendorBody(vendorAccountId), { suppressErrorToast: true, signal }),
    select: (answer) => answer.Services,
    enabled,
  });
}

/** Without revisionId a new service; with it, a change of the service at that revision. */
export const saveVendorService = (vendorAccountId: number | undefined, serviceName: string, revisionId: number | undefined, service: VendorServiceInput) =>
  callOperation<VendorService>(SERVICE, 'SaveVendorService', { ...vendorBody(vendorAccountId), serviceName, ...(revisionId === undefined ? {} : { revisionId }), service }, { suppressErrorToast: true });

export function useMyServices(request: GetMyServicesRequest) {
  return useQuery({
    queryKey: [...MY_SERVICES_KEY, request],
    queryFn: ({ signal }) => callOperation<MyServicesPage>(SERVICE, 'GetMyServices', request, { suppressErrorToast: true, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface MyServiceSettings {
  IsEnabled?: boolean;
  DisplayNames?: Record<string, string>;
  Descriptions?: Record<string, string>;
}
export const saveMyService = (serviceName: string, revisionId: number, settings: MyServiceSettings) =>
  callOperation<MyService>(SERVICE, 'SaveMyService', { serviceName, revisionId, settings }, { suppressErrorToast: true });

export const exportServices = () => callOperation<DownloadedFile>(SERVICE, 'ExportServices', {});
export const importServices = (fileName: string, fileBase64: string) => callOperation<ImportServicesResult>(SERVICE, 'ImportServices', { fileName, fileBase64 }, { suppressErrorToast: true });

export function useServiceGroups() {
  return useQuery({
    queryKey: SERVICE_GROUPS_KEY,
    queryFn: ({ signal }) => callOperation<{ ServiceGroups: ServiceGroup[] }>(SERVICE, 'GetServiceGroups', {}, { suppressErrorToast: true, signal }),
    select: (answer) => answer.ServiceGroups,
  });
}

export const saveServiceGroup = (serviceGroupId: number | undefined, serviceGroup: { Name: string; ServiceNames: string[] }) =>
  callOperation<ServiceGroup>(SERVICE, 'SaveServiceGroup', { ...(serviceGroupId === undefined ? {} : { serviceGroupId }), serviceGroup }, { suppressErrorToast: true });

/** Refused (409, shown as an error toast) while a pricing rule uses the group. */
export const deleteServiceGroup = (serviceGroupId: number) => callOperation(SERVICE, 'DeleteServiceGroup', { serviceGroupId });

/** Every active service of the catalog (name and vendor), for choosing a group's members. */
export function useAllServices(enabled: boolean) {
  return useQuery({
    queryKey: [...MY_SERVICES_KEY, 'all'],
    queryFn: ({ signal }) => callOperation<MyServicesPage>(SERVICE, 'GetMyServices', { pageSize: 200 }, { suppressErrorToast: true, signal }),
    select: (answer) => answer.Services,
    enabled,
  });
}
