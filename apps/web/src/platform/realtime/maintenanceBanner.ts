import type { MaintenanceMode } from '@cmp/contracts/realtime';
import type { NewMessage } from '../messages/messageStore';

/** The per-second countdown starts with this many seconds left; the page reloads this long after the start (spec §4, §9). */
export const PER_SECOND_FROM_S = 60;
export const RELOAD_AFTER_START_MS = 60_000;
const MESSAGE_NAME = 'maintenance';

export interface MaintenanceBannerOptions {
  show(message: NewMessage): string;
  remove(id: string): void;
  /** Whether the banner is still there (a closable one may have been closed by the user). */
  isShown(id: string): boolean;
  text(key: string, values?: Record<string, unknown>): string;
  reload(): void;
  now?: () => number;
}

/**
 * spec §4 Maintenance: `true` shows "maintenance soon"; a number of seconds shows a countdown — in
 * minutes while more than 60 s are left, then per second as a warning that cannot be closed; at
 * zero the "ongoing" warning, and the page reloads 60 s after the start. `false` or an empty
 * message removes the banner. One banner, replaced in place (messages of one name replace each other).
 */
export class MaintenanceBanner {
  private messageId: string | undefined;
  private lastText: string | undefined;
  private isClosedByUser = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private startsAt = 0;

  constructor(private readonly options: MaintenanceBannerOptions) {}

  announce(mode: MaintenanceMode): void {
    this.clear();
    if (mode === false) return;
    if (mode === true) {
      this.show({ type: 'warning', title: this.options.text('live_channel.title'), text: this.soonText(), isClosable: true });
      return;
    }
    this.startsAt = this.now() + mode * 1_000;
    this.tick();
  }

  /** An empty message removes the banner and stops its countdown (spec §4). */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.messageId) this.options.remove(this.messageId);
    this.messageId = undefined;
    this.lastText = undefined;
    this.isClosedByUser = false;
  }

  private tick(): void {
    const leftMs = this.startsAt - this.now();
    if (leftMs <= 0) return this.ongoing(-leftMs);
    const leftS = Math.ceil(leftMs / 1_000);
    const isPerSecond = leftS <= PER_SECOND_FROM_S;
    const when = isPerSecond
      ? leftS === 1
        ? this.options.text('live_channel.in_one_second')
        : this.options.text('live_channel.in_seconds', { count: leftS })
      : this.options.text('live_channel.in_minutes', { count: Math.floor(leftS / 60) });
    const text = `${this.options.text('live_channel.down_soon', { when })} ${this.options.text('live_channel.save_progress')}`;
    // While minutes are counted the banner may be closed; the last minute brings it back, for good.
    if (this.messageId && !this.options.isShown(this.messageId) && !isPerSecond) this.isClosedByUser = true;
    if (!(this.isClosedByUser && !isPerSecond)) {
      this.show({ type: 'warning', title: this.options.text('live_channel.title'), text, isClosable: !isPerSecond });
    }
    // The next change of the text: the next second, or — whole minutes left, never more than there
    // are — the next minute or the 60 s mark.
    const nextShownS = isPerSecond ? leftS - 1 : Math.max(Math.floor(leftS / 60) * 60 - 1, PER_SECOND_FROM_S);
    const untilNextChange = leftMs - nextShownS * 1_000;
    this.timer = setTimeout(() => this.tick(), Math.max(untilNextChange, 1));
  }

  private ongoing(sinceStartMs: number): void {
    this.show({ type: 'warning', title: this.options.text('live_channel.title'), text: this.options.text('live_channel.ongoing'), isClosable: false });
    this.timer = setTimeout(() => this.options.reload(), Math.max(RELOAD_AFTER_START_MS - sinceStartMs, 0));
  }

  private show(message: Omit<NewMessage, 'name'>): void {
    const isSame = this.messageId && this.options.isShown(this.messageId) && message.text === this.lastText;
    if (isSame) return;
    this.lastText = message.text;
    this.messageId = this.options.show({ ...message, name: MESSAGE_NAME });
  }

  private soonText(): string {
    return `${this.options.text('live_channel.maintenance_soon')} ${this.options.text('live_channel.save_progress')}`;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
