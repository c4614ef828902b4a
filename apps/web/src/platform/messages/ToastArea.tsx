import { lazy, Suspense, useSyncExternalStore } from 'react';
import { messageStore } from './messageStore';

// Alerts and their close buttons load with the first message, not with the entry chunk.
const ToastStack = lazy(() => import('./ToastStack').then((module) => ({ default: module.ToastStack })));

/** The banner area of spec §2 "Messages", rendered once for both layouts. */
export function ToastArea() {
  const messages = useSyncExternalStore(messageStore.subscribe, messageStore.getSnapshot);
  if (messages.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack messages={messages} onClose={messageStore.remove} />
    </Suspense>
  );
}
