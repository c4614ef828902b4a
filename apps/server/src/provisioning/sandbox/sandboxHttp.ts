import type { IncomingMessage, ServerResponse } from 'node:http';

// The sandbox's HTTP plumbing (vendorSandbox.ts): JSON in and out, and the 400/413 answers of a bad body.

const MAX_BODY_BYTES = 64 * 1024;

export class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, statusCode: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpProblem(413, 'TooLarge', 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new HttpProblem(400, 'InvalidJson', 'The body must be a JSON object');
}

export function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || !value.trim() || value.length > 200) throw new HttpProblem(400, 'InvalidRequest', `${field} must be a non-empty string`);
  return value.trim();
}

export function requireQuantity(body: Record<string, unknown>): number {
  const value = body.quantity;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw new HttpProblem(400, 'InvalidRequest', 'quantity must be a positive integer');
  return value;
}

export function rate(value: unknown, field: string): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1) throw new HttpProblem(400, 'InvalidRequest', `${field} must be a number from 0 to 1`);
  return n;
}
