/** spec §2 "Messages", §3 "Message (toast)". */
export type MessageType = 'success' | 'error' | 'warning' | 'info';

export interface Message {
  id: string;
  /** Messages with the same name replace each other (spec §4 Messages). */
  name?: string;
  type: MessageType;
  title?: string;
  text: string;
  /** Milliseconds until a success message closes; 0 keeps it until removed. */
  closeDelay?: number;
  /** Some banners cannot be closed by the user (spec §2). */
  isClosable?: boolean;
  /** A link to the screen the message is about (a pushed business event, issue 16). */
  link?: { href: string; label: string };
}

export type NewMessage = Omit<Message, 'id'>;

/** spec §9: a success message closes after 5000 ms unless told otherwise. */
export const DEFAULT_SUCCESS_CLOSE_DELAY = 5000;

interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** Told of every message added or removed (spec §4: embedded mode forwards both to the host shell). */
export type MessageForwarder = (action: 'add' | 'remove', message: Message) => void;

export interface MessageStore {
  add(message: NewMessage): string;
  remove(id: string): void;
  forwardTo(forwarder: MessageForwarder): () => void;
  getSnapshot(): readonly Message[];
  subscribe(listener: () => void): () => void;
}

export function createMessageStore(timers: Timers = defaultTimers()): MessageStore {
  let messages: readonly Message[] = [];
  let nextId = 1;
  const closeTimers = new Map<string, unknown>();
  const listeners = new Set<() => void>();
  const forwarders = new Set<MessageForwarder>();
  const forward = (action: 'add' | 'remove', message: Message) => forwarders.forEach((forwarder) => forwarder(action, message));

  const publish = (next: readonly Message[]) => {
    messages = next;
    listeners.forEach((listener) => listener());
  };

  const cancelTimer = (id: string) => {
    if (!closeTimers.has(id)) return;
    timers.clearTimeout(closeTimers.get(id));
    closeTimers.delete(id);
  };

  const remove = (id: string) => {
    cancelTimer(id);
    const removed = messages.find((message) => message.id === id);
    if (!removed) return;
    publish(messages.filter((message) => message !== removed));
    forward('remove', removed);
  };

  const add = (newMessage: NewMessage) => {
    const message: Message = { ...newMessage, id: `message-${nextId++}` };
    const replaced = message.name ? messages.find((existing) => existing.name === message.name) : undefined;
    if (replaced) cancelTimer(replaced.id);
    publish(replaced ? messages.map((existing) => (existing === replaced ? message : existing)) : [...messages, message]);
    if (replaced) forward('remove', replaced);
    forward('add', message);

    // spec §4 Messages: success closes after closeDelay (0 keeps it); errors stay until removed.
    const delay = closeDelayOf(message);
    if (delay > 0) closeTimers.set(message.id, timers.setTimeout(() => remove(message.id), delay));
    return message.id;
  };

  return {
    add,
    remove,
    getSnapshot: () => messages,
    forwardTo(forwarder) {
      forwarders.add(forwarder);
      return () => forwarders.delete(forwarder);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function closeDelayOf(message: Message): number {
  if (message.type === 'error') return 0;
  if (message.type === 'success') return message.closeDelay ?? DEFAULT_SUCCESS_CLOSE_DELAY;
  return message.closeDelay ?? 0;
}

function defaultTimers(): Timers {
  return {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  };
}

/** The portal's one message list; the toast area renders it. */
export const messageStore = createMessageStore();

export function showMessage(message: NewMessage): string {
  return messageStore.add(message);
}

export function removeMessage(id: string): void {
  messageStore.remove(id);
}
