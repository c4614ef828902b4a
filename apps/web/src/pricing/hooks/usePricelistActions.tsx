import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { MarketplaceSummary } from '@cmp/contracts/pricing';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { createPricelist, deletePricelist, prioritizePricelists, PRICELISTS_QUERY_KEY, updatePricelistProperties, type PricelistProperties } from '../api/pricelistOperations';
import { PricelistCustomersDialog } from '../components/PricelistCustomersDialog';
import { PricelistDialog, type PricelistDialogState } from '../components/PricelistDialog';
import type { PricelistAction } from '../components/PricelistsTable';
import { usePriorityMoves } from './usePriorityMoves';

/** What the pricelist list does: create, edit, delete after confirmation, reorder, show customers. */
export function usePricelistActions(pricelists: MarketplaceSummary[] | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { confirm, dialog: confirmDialog } = useConfirmDialog();
  const [editing, setEditing] = useState<PricelistDialogState>();
  const [showingCustomers, setShowingCustomers] = useState<MarketplaceSummary>();
  const reload = () => queryClient.invalidateQueries({ queryKey: PRICELISTS_QUERY_KEY });

  const save = async (properties: PricelistProperties): Promise<string | undefined> => {
    if (!editing) return undefined;
    try {
      if (editing.mode === 'edit') await updatePricelistProperties(editing.pricelist.MarketplaceId, properties);
      else await createPricelist(properties);
    } catch (error) {
      return failureText(error);
    }
    showMessage({ type: 'success', text: t(editing.mode === 'edit' ? 'pricing.pricelist_saved' : 'pricing.pricelist_created', { name: properties.Name }) });
    setEditing(undefined);
    await reload();
    return undefined;
  };

  const remove = async (pricelist: MarketplaceSummary) => {
    const isConfirmed = await confirm({ title: t('pricing.delete_pricelist_title'), message: t('pricing.delete_pricelist_message', { name: pricelist.Name }) });
    if (!isConfirmed) return;
    try {
      await deletePricelist(pricelist.MarketplaceId);
    } catch {
      // The server's refusal (customers still use it) is shown as an error toast (spec §8).
      return;
    }
    showMessage({ type: 'success', text: t('pricing.pricelist_deleted', { name: pricelist.Name }) });
    await reload();
  };

  const { move, containerRef } = usePriorityMoves({
    items: pricelists,
    idOf: (pricelist) => pricelist.MarketplaceId,
    showOrder: (ids) =>
      queryClient.setQueryData<{ Marketplaces: MarketplaceSummary[] }>(PRICELISTS_QUERY_KEY, (current) =>
        current && { Marketplaces: ids.map((id, index) => ({ ...current.Marketplaces.find((each) => each.MarketplaceId === id)!, Priority: index + 1 })) },
      ),
    saveOrder: async (ids, isLatest) => {
      const answer = await prioritizePricelists(ids);
      if (isLatest()) queryClient.setQueryData(PRICELISTS_QUERY_KEY, answer);
    },
    onSaved: (pricelist, priority) => showMessage({ type: 'success', text: t('pricing.pricelist_moved', { name: pricelist.Name, priority }), name: 'pricing-priority' }),
    onFailed: reload,
  });

  const onAction = (action: PricelistAction, pricelist: MarketplaceSummary) => {
    if (action === 'edit') setEditing({ mode: 'edit', pricelist });
    if (action === 'customers') setShowingCustomers(pricelist);
    if (action === 'delete') void remove(pricelist);
  };

  const dialogs = (
    <>
      <PricelistDialog
        state={editing}
        defaultCurrency={pricelists?.[0]?.Currency ?? 'EUR'}
        knownTags={[...new Set((pricelists ?? []).flatMap((each) => each.Tags))].sort()}
        onSave={save}
        onClose={() => setEditing(undefined)}
      />
      <PricelistCustomersDialog pricelist={showingCustomers} onClose={() => setShowingCustomers(undefined)} />
      {confirmDialog}
    </>
  );

  return {
    startCreate: () => setEditing({ mode: 'new' }),
    onAction,
    onMove: move,
    containerRef,
    dialogs,
  };
}
