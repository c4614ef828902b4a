import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { QuoteDetail, QuoteSummary } from '@cmp/contracts/salesQuotes';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { QuoteAcceptDialog } from '../components/QuoteAcceptDialog';
import { acceptQuote, deleteQuotes, quotesQueryKey, rejectQuote, saveQuote, sendQuote } from '../api/quotesApi';

/**
 * What can be done with a quote from the list or its details: send, accept, reject, copy and
 * delete — each after a confirmation (accepting places orders, in a dialog that asks for the order
 * fields the quote left open; deleting cannot be undone), each
 * refreshing every quote list and saying its outcome. A refusal (409: decided or sent meanwhile,
 * expired) shows the server's message.
 */
export function useQuoteActions(onChanged: (quote: QuoteDetail | undefined) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const [busyQuoteId, setBusyQuoteId] = useState<number>();
  // The quote whose accept dialog is open (issue 30: it asks for the order fields the quote left open).
  const [accepting, setAccepting] = useState<QuoteDetail>();

  const run = async (quoteId: number, work: () => Promise<QuoteDetail | undefined>, success: string) => {
    setBusyQuoteId(quoteId);
    try {
      const changed = await work();
      showMessage({ type: 'success', text: success });
      onChanged(changed);
    } catch (failure) {
      showMessage({ type: 'error', text: failureText(failure) });
    } finally {
      setBusyQuoteId(undefined);
      await queryClient.invalidateQueries({ queryKey: quotesQueryKey });
    }
  };
  const nameOf = (quote: Pick<QuoteSummary, 'QuoteId' | 'Name'>) => t('quotes.quote_name', { id: quote.QuoteId, name: quote.Name });

  const acceptDialog = accepting && (
    <QuoteAcceptDialog
      quote={accepting}
      onClose={() => setAccepting(undefined)}
      onAccept={async (lines) => {
        // One key per click: a retry of this click is answered from the stored acceptance.
        const key = crypto.randomUUID();
        setBusyQuoteId(accepting.QuoteId);
        try {
          const accepted = await acceptQuote(accepting.QuoteId, key, lines);
          showMessage({ type: 'success', text: t('quotes.accepted', { name: nameOf(accepting) }) });
          setAccepting(undefined);
          onChanged(accepted);
        } finally {
          // The dialog shows a refusal itself, at the field it names.
          setBusyQuoteId(undefined);
          await queryClient.invalidateQueries({ queryKey: quotesQueryKey });
        }
      }}
    />
  );

  return {
    dialog: (
      <>
        {dialog}
        {acceptDialog}
      </>
    ),
    busyQuoteId,
    async send(quote: QuoteDetail) {
      if (await confirm({ title: t('quotes.confirm_send_title'), message: t('quotes.confirm_send', { name: nameOf(quote), customer: quote.CustomerName }), agreeLabel: t('quotes.send'), rejectLabel: t('quotes.cancel') }))
        await run(quote.QuoteId, () => sendQuote(quote.QuoteId), t('quotes.sent', { name: nameOf(quote) }));
    },
    accept(quote: QuoteDetail) {
      setAccepting(quote);
    },
    async reject(quote: QuoteDetail) {
      if (await confirm({ title: t('quotes.confirm_reject_title'), message: t('quotes.confirm_reject', { name: nameOf(quote) }), agreeLabel: t('quotes.reject'), rejectLabel: t('quotes.cancel') }))
        await run(quote.QuoteId, () => rejectQuote(quote.QuoteId, ''), t('quotes.rejected', { name: nameOf(quote) }));
    },
    async copy(quote: QuoteDetail) {
      await run(
        quote.QuoteId,
        () =>
          saveQuote({
            quote: { AccountId: quote.CustomerAccountId, Name: t('quotes.copy_of', { name: quote.Name }).slice(0, 100), Terms: quote.Terms },
            productList: quote.Lines.map((line) => ({ ProductName: line.ProductName, Quantity: line.Quantity, Commitment: line.Commitment, BillingFrequency: line.BillingFrequency, DiscountPercent: line.DiscountPercent, ViewValues: line.ViewValues })),
            currency: quote.Currency,
          }),
        t('quotes.copied', { name: nameOf(quote) }),
      );
    },
    async remove(quote: Pick<QuoteSummary, 'QuoteId' | 'Name'>) {
      if (await confirm({ title: t('quotes.confirm_delete_title'), message: t('quotes.confirm_delete', { name: nameOf(quote) }), agreeLabel: t('quotes.delete'), rejectLabel: t('quotes.cancel') }))
        await run(quote.QuoteId, () => deleteQuotes([quote.QuoteId]).then(() => undefined), t('quotes.deleted', { name: nameOf(quote) }));
    },
  };
}
