import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';

// Logs never print what a caller or the database was given (issue 11: a TOTP secret was logged):
// - a request is logged with its path only: a query string can carry codes, tokens and secrets
//   (an SSO provider's `?code=`, an otpauth link, a reset token);
// - an error is logged without the parameters of a failed SQL query. Drizzle's DrizzleQueryError
//   puts them into its message ("Failed query: …\nparams: …") and keeps them as `params`, and the
//   driver's error repeats them; PostgreSQL's `detail` quotes the offending value.

const HIDDEN_ERROR_FIELDS = new Set(['params', 'detail', 'queryOptions']);
const REDACTED = '[redacted]';

/** `/a/b?token=x` → `/a/b?[redacted]`. */
export function withoutQueryString(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? url : `${url.slice(0, start)}?${REDACTED}`;
}

/** A copy of the error (and its causes) without query parameters, for pino's error serializer. */
export function withoutQueryParameters(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const fields = error as unknown as Record<string, unknown>;
  const isQueryError = 'params' in fields && typeof fields.query === 'string' && error.message.startsWith('Failed query: ');
  const message = isQueryError ? `Failed query: ${fields.query as string}\nparams: ${REDACTED}` : error.message;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Record<string, unknown>;
  for (const key of Object.keys(error)) {
    if (!HIDDEN_ERROR_FIELDS.has(key) && key !== 'cause') copy[key] = fields[key];
  }
  copy.name = error.name;
  copy.message = message;
  copy.stack = error.stack?.replace(error.message, () => message);
  if (error.cause !== undefined) copy.cause = withoutQueryParameters(error.cause, depth + 1);
  return copy;
}

type RequestLike = { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } };

/** Fastify's request serializer, with the path instead of the URL. */
function requestForLog(request: RequestLike) {
  return { method: request.method, url: withoutQueryString(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/** The server's pino options: `logger` of buildServer (true, or options such as level and stream). */
export function safeLoggerOptions(logger: true | Record<string, unknown>): FastifyServerOptions['logger'] {
  const options = logger === true ? {} : logger;
  const serializers = (options.serializers ?? {}) as Record<string, unknown>;
  return {
    ...options,
    serializers: { ...serializers, req: requestForLog, err: (error: unknown) => pino.stdSerializers.err(withoutQueryParameters(error) as Error) },
  } as FastifyServerOptions['logger'];
}

/** A request slower than this is logged at warn whatever the level (README "Configuration"). */
export const SLOW_REQUEST_MS = 1_000;

/**
 * Fastify's per-request lines, moved down to debug: at info, two lines per request cost a fifth of
 * the API's throughput (issue 12). What someone must see at the default level stays: a slow request
 * at warn, a 5xx answer or a broken response at error. Fastify's other lines (its error handler's,
 * a stream's failure) are unchanged, and `logController` replaces the deprecated
 * `disableRequestLogging` option.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // One line per request is enough, written when it has finished (with its status and duration).
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.error(line, 'request failed');
    else if (line.responseTime > SLOW_REQUEST_MS) reply.log.warn(line, 'slow request');
    else reply.log.debug(line, 'request completed');
  }
}

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Record<string, unknown>;
type ParentLogger = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

/**
 * A request's logger that becomes a pino child on its first line at an enabled level. At the
 * default level most requests write nothing, and a child made per request serialises its bindings
 * (the request id) for nothing: 2 % of the API's throughput in a profile (issue 12).
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: Record<string, unknown>): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  private real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  private write(level: LevelName, args: unknown[]): void {
    if (!this.#child && this.parent.isLevelEnabled?.(level) === false) return;
    (this.real()[level] as (...line: unknown[]) => void)(...args);
  }
}

/** Fastify's childLoggerFactory: a lazy child, or pino's own when a route sets its own level or serializers. */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  Object.keys(options).length ? logger.child(bindings, options) : (new LazyRequestLogger(logger, bindings) as unknown as FastifyBaseLogger);
