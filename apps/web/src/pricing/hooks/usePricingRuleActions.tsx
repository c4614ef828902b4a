import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { PricedItem, PricingRule, SavePricingRuleRequest } from '@cmp/contracts/pricing';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { priceableItemsQueryKey } from '../api/priceableItemOperations';
import { pricingRulesQueryKey, prioritizePricingRules, usePricingRules } from '../api/pricingRuleOperations';
import { deletePricingRuleWithPreview, savePricingRuleWithPreview } from '../preview/pricePreviewOperations';
import { DeleteRulePreviewDialog } from '../preview/DeleteRulePreviewDialog';
import { PricingRuleDialog, type PricingRuleDraft } from '../components/PricingRuleDialog';
import { usePriorityMoves } from './usePriorityMoves';
import { useScopeVendors } from './useScopeVendors';

const NEW_RULE: PricingRuleDraft = { Name: '', Model: 'Markup', Parameter: '', ScopeKind: 'AllServices', ScopeIds: [] };

/**
 * The rules of one pricelist and what may be done to them: new (also for one item of the grid),
 * edit, delete after a confirmation that previews the deletion's effect, reorder. Every change reloads the rules and the grid's prices.
 */
export function usePricingRuleActions(marketplaceId: number, currency: string, canReadRules: boolean) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PricingRuleDraft>();
  /** The rule whose deletion is being confirmed (with the preview of its effect). */
  const [deleting, setDeleting] = useState<PricingRule>();
  const rulesQuery = usePricingRules(marketplaceId, canReadRules);
  const rules = rulesQuery.data;
  const hasVendorScope = Boolean(rules?.some((rule) => rule.Scope.Kind === 'Vendors'));
  const vendorsQuery = useScopeVendors(marketplaceId, canReadRules && (hasVendorScope || draft !== undefined));

  const pricesChanged = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: pricingRulesQueryKey(marketplaceId) }), queryClient.invalidateQueries({ queryKey: priceableItemsQueryKey(marketplaceId) })]);
  const showRules = (answer: { Rules: PricingRule[] }) => queryClient.setQueryData(pricingRulesQueryKey(marketplaceId), answer);

  const save = async (rule: SavePricingRuleRequest['rule'], previewId: string): Promise<string | undefined> => {
    try {
      // Exactly the change the dialog previewed (409 when prices moved meanwhile).
      await savePricingRuleWithPreview({ marketplaceId, rule, previewId });
    } catch (error) {
      return failureText(error);
    }
    showMessage({ type: 'success', text: t('pricing.rule_saved', { name: rule.Name }) });
    setDraft(undefined);
    await pricesChanged();
    return undefined;
  };

  /** Deletes exactly the previewed deletion (409 when prices moved meanwhile); resolves with the refusal, or undefined once deleted. */
  const remove = async (rule: PricingRule, previewId: string | undefined): Promise<string | undefined> => {
    try {
      showRules(await deletePricingRuleWithPreview({ pricingRuleId: rule.PricingRuleId, ...(previewId !== undefined ? { previewId } : {}) }));
    } catch (error) {
      return failureText(error);
    }
    showMessage({ type: 'success', text: t('pricing.rule_deleted', { name: rule.Name }) });
    setDeleting(undefined);
    await pricesChanged();
    return undefined;
  };

  const { move, containerRef } = usePriorityMoves({
    items: rules?.filter((rule) => !rule.IsDefault),
    idOf: (rule) => rule.PricingRuleId,
    // The default rule stays last, after the others renumbered 1…n.
    showOrder: (ids) =>
      queryClient.setQueryData<{ Rules: PricingRule[] }>(pricingRulesQueryKey(marketplaceId), (current) => {
        if (!current) return current;
        const byId = new Map(current.Rules.map((rule) => [rule.PricingRuleId, rule]));
        const defaultRule = current.Rules.filter((rule) => rule.IsDefault).map((rule) => ({ ...rule, Priority: ids.length + 1 }));
        return { Rules: [...ids.map((id, index) => ({ ...byId.get(id)!, Priority: index + 1 })), ...defaultRule] };
      }),
    saveOrder: async (ids, isLatest) => {
      const answer = await prioritizePricingRules(marketplaceId, ids);
      if (isLatest()) {
        showRules(answer);
        await queryClient.invalidateQueries({ queryKey: priceableItemsQueryKey(marketplaceId) });
      }
    },
    onSaved: (rule, priority) => showMessage({ type: 'success', text: t('pricing.rule_moved', { name: rule.Name, priority }), name: 'pricing-priority' }),
    onFailed: pricesChanged,
  });

  const startEdit = (rule: PricingRule) =>
    setDraft({ PricingRuleId: rule.PricingRuleId, Name: rule.Name, Model: rule.Model, Parameter: rule.Parameter ?? '', ScopeKind: rule.Scope.Kind, ScopeIds: rule.Scope.Ids });
  /** A static rule for one item of the grid, prefilled with its current price. */
  const startForItem = (item: PricedItem) => {
    const label = t('pricing.item_label', { service: item.ServiceDisplayName, item: item.ItemName });
    setDraft({ Name: label.slice(0, 100), Model: 'Static', Parameter: item.SalesPrice ?? '', ScopeKind: 'PriceableItems', ScopeIds: [item.PriceableItemId], ScopeNote: label });
  };

  const dialogs = (
    <>
      <PricingRuleDialog
        marketplaceId={marketplaceId}
        draft={draft}
        currency={currency}
        vendors={vendorsQuery.data ?? []}
        isLoadingVendors={vendorsQuery.isFetching}
        onSave={save}
        onClose={() => setDraft(undefined)}
      />
      <DeleteRulePreviewDialog marketplaceId={marketplaceId} rule={deleting} onDelete={remove} onClose={() => setDeleting(undefined)} />
    </>
  );

  return {
    rulesQuery,
    vendorNames: new Map((vendorsQuery.data ?? []).map((vendor) => [vendor.AccountId, vendor.DisplayName])),
    containerRef,
    startNew: () => setDraft(NEW_RULE),
    startEdit,
    startForItem,
    remove: (rule: PricingRule) => setDeleting(rule),
    move,
    dialogs,
  };
}
