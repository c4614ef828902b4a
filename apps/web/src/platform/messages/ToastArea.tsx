import { lazy, Suspense, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { messageDock } from './messageDock';
import { messageStore } from './messageStore';

// Alerts and their close buttons load with the first message, not with the entry chunk.
const ToastStack = lazy(() => import('./ToastStack').then((module) => ({ default: module.ToastStack })));

/** The banner area of spec §2 "Messages", rendered once for both layouts, in the layout's message dock when it has one. */
export function ToastArea() {
  const messages = useSyncExternalStore(messageStore.subscribe, messageStore.getSnapshot);
  const dock = useSyncExternalStore(messageDock.subscribe, messageDock.get);
  if (messages.length === 0) return null;
  const stack = (
    <Suspense fallback={null}>
      <ToastStack messages={messages} onClose={messageStore.remove} isDocked={dock !== null} />
    </Suspense>
  );
  return dock ? createPortal(stack, dock) : stack;
}
