import type {
  DeletePricingRuleWithPreviewRequest,
  ExportPriceableItemsRequest,
  PreviewPricingRuleRequest,
  PricePreview,
  SavePricingRuleWithPreviewRequest,
  UpdateServicesRequest,
  UpdateServicesResponse,
} from '@cmp/contracts/pricePreview';
import type { PricingRule } from '@cmp/contracts/pricing';
import { callOperation } from '../../platform/api/callOperation';
import type { DownloadedFile } from '../../platform/files/saveDownload';

// The price-change preview and the grid's manual prices (issue 13). The dialogs and the grid show
// the server's refusal themselves, so no toast.

export const previewPricingRule = (request: PreviewPricingRuleRequest, options: { signal?: AbortSignal } = {}) =>
  callOperation<PricePreview>('IPricingRuleService', 'PreviewPricingRule', request, { suppressErrorToast: true, signal: options.signal });

/** Saves a rule; with previewId exactly what was previewed (409 when prices moved meanwhile). */
export const savePricingRuleWithPreview = (request: SavePricingRuleWithPreviewRequest) =>
  callOperation<PricingRule>('IPricingRuleService', 'SavePricingRule', request, { suppressErrorToast: true });

/** Deletes a rule; with previewId exactly the deletion previewed (409 when prices moved meanwhile). */
export const deletePricingRuleWithPreview = (request: DeletePricingRuleWithPreviewRequest) =>
  callOperation<{ Rules: PricingRule[] }>('IPricingRuleService', 'DeletePricingRule', request, { suppressErrorToast: true });

export const updateServices = (request: UpdateServicesRequest) => callOperation<UpdateServicesResponse>('IMarketplaceService', 'UpdateServices', request, { suppressErrorToast: true });

export const exportPriceableItems = (request: ExportPriceableItemsRequest) => callOperation<DownloadedFile>('IMarketplaceService', 'ExportPriceableItems', request);
