// The SignalR JSON hub protocol, as far as the event hub speaks it (issue 16): every message is a
// JSON object followed by the record separator 0x1E; the first one a client sends is the handshake
// {"protocol":"json","version":1}, answered by {} (or {"error": …}). After that: 1 invocation,
// 3 completion, 6 ping, 7 close.

export const RECORD_SEPARATOR = '\u001e';

export const MessageType = { Invocation: 1, Completion: 3, Ping: 6, Close: 7 } as const;

export interface HubMessage {
  type: number;
  invocationId?: string;
  target?: string;
  arguments?: unknown[];
  error?: string;
  allowReconnect?: boolean;
}

/** One message as it goes on the wire. */
export const encode = (message: object): string => `${JSON.stringify(message)}${RECORD_SEPARATOR}`;

/** The messages of a transport's text (a WebSocket message, an SSE client's POST body); a part that is not JSON is null. */
export function decode(text: string): (Record<string, unknown> | null)[] {
  return text
    .split(RECORD_SEPARATOR)
    .filter((part) => part.trim() !== '')
    .map((part) => {
      try {
        const value: unknown = JSON.parse(part);
        return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
      } catch {
        return null;
      }
    });
}

/** The handshake's answer: undefined when the client asks for what this hub speaks, else why not. */
export function handshakeRefusal(handshake: Record<string, unknown> | null): string | undefined {
  if (!handshake) return 'The handshake is not a JSON object.';
  if (handshake.protocol !== 'json') return `Protocol '${String(handshake.protocol)}' is not supported: this hub speaks json.`;
  if (handshake.version !== 1) return `Protocol version ${String(handshake.version)} is not supported: this hub speaks version 1.`;
  return undefined;
}
