import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@cmp/contracts/orders';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { newIdempotencyKey } from '../../platform/api/idempotencyKey';
import { decideOrder, ordersQueryKey, type OrderAction } from '../api/ordersApi';
import { OrderDecisionDialog } from './OrderDecisionDialog';

export type OutcomeKind = 'Done' | 'DecidedElsewhere' | 'Failed';
export interface DecisionOutcome {
  order: Order;
  kind: OutcomeKind;
  /** The server's text for a refusal (409: who decided first). */
  message?: string;
}
interface PendingDecision {
  action: OrderAction;
  orders: Order[];
  /** Once decided (the list's selection is cleared), not when the dialog is dismissed. */
  onDecided?: () => void;
}
export interface DecisionResult {
  action: OrderAction;
  outcomes: DecisionOutcome[];
}

/**
 * Cancel, approve and decline of one or many orders, after the confirmation dialog. Each order
 * of one intent (action, order, reason) has one Idempotency-Key, kept for this screen: a retry after
 * a lost answer sends the same key and the server decides once. A 409 says another person decided
 * first; it is reported per order and the list is reloaded either way.
 */
export function useOrderDecisions(onDone: (result: DecisionResult) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const intentKeys = useRef(new Map<string, string>());
  const [pending, setPending] = useState<PendingDecision>();

  const keyFor = (action: OrderAction, orderId: number, reason: string) => {
    const intent = JSON.stringify([action, orderId, reason]);
    let key = intentKeys.current.get(intent);
    if (!key) {
      key = newIdempotencyKey();
      intentKeys.current.set(intent, key);
    }
    return key;
  };

  const run = async ({ action, orders, onDecided }: PendingDecision, reason: string) => {
    const outcomes = await Promise.all(
      orders.map(async (order): Promise<DecisionOutcome> => {
        try {
          await decideOrder(action, order.Id, reason, keyFor(action, order.Id, reason));
          return { order, kind: 'Done' };
        } catch (failure) {
          const kind = failure instanceof ApiError && failure.status === 409 ? 'DecidedElsewhere' : 'Failed';
          return { order, kind, message: failureText(failure) };
        }
      }),
    );
    await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    // Nothing done and nothing decided elsewhere (the network, the server): the dialog stays for a retry with the same keys.
    if (outcomes.every((outcome) => outcome.kind === 'Failed')) {
      const messages = [...new Set(outcomes.map((outcome) => outcome.message))];
      throw new Error(messages.length === 1 ? messages[0] : t('orders.all_failed'));
    }
    setPending(undefined);
    onDecided?.();
    onDone({ action, outcomes });
  };

  const dialog = pending ? (
    <OrderDecisionDialog key={`${pending.action}:${pending.orders.map((order) => order.Id).join(',')}`} action={pending.action} orders={pending.orders} onSubmit={(reason) => run(pending, reason)} onClose={() => setPending(undefined)} />
  ) : null;

  return { start: (action: OrderAction, orders: Order[], onDecided?: () => void) => setPending({ action, orders, onDecided }), dialog };
}
