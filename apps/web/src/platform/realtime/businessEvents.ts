import type { LiveServerMessage } from '@cmp/contracts/realtime';
import type { NewMessage } from '../messages/messageStore';

// Business events pushed on the live channel (issue 16): delivered at least once — the server
// replays a session's recent events to each of its sockets that (re)connects — so the portal remembers which ids
// it has shown, across reloads and tabs, and shows each once.

export type BusinessEventMessage = Extract<LiveServerMessage, { type: 'event' }>;

const SEEN_KEY = 'cmp.live.seenEvents';
const SEEN_KEPT = 200;
const WARNINGS = new Set<BusinessEventMessage['event']>(['OrderDeclined', 'ProvisioningFailed']);

type Translate = (key: string, values?: Record<string, string>) => string;

/** Answers whether the event is new to this tab, and remembers it. */
export function isFirstSight(id: number, storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage): boolean {
  let seen: number[] = [];
  try {
    seen = JSON.parse(storage?.getItem(SEEN_KEY) ?? '[]') as number[];
  } catch {
    seen = [];
  }
  if (seen.includes(id)) return false;
  try {
    storage?.setItem(SEEN_KEY, JSON.stringify([...seen, id].slice(-SEEN_KEPT)));
  } catch {
    // Storage full or refused: the event is still shown.
  }
  return true;
}

/** The portal message of an event: its text, and a link to its screen (a path of the hash router). */
export function businessEventMessage(event: BusinessEventMessage, t: Translate): NewMessage {
  return {
    type: WARNINGS.has(event.event) ? 'warning' : 'info',
    title: t(`live_channel.event_title.${event.event}`),
    text: t(`live_channel.event.${event.event}`, event.values),
    link: { href: `#${event.link.startsWith('/') ? event.link : `/${event.link}`}`, label: t('live_channel.event_open') },
  };
}
