import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, DestinationStream } from 'pino';
import pretty from 'pino-pretty';

export type LogFormat = 'pretty' | 'json';

/**
 * Where the server's log lines go: JSON lines as given (`destination`, else stdout), or in the
 * `pretty` format (development's default) one readable line per entry with the time, level and
 * message first, written synchronously in this thread.
 */
export function logDestination(
  format: LogFormat,
  destination?: DestinationStream,
): DestinationStream | undefined {
  if (format === 'json') return destination;
  return pretty({
    destination: destination ?? 1,
    sync: true,
    colorize: destination === undefined && process.stdout.isTTY,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
}

type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger, made when it first writes an entry: Fastify makes a pino child per request
 * (its bindings, the request id, serialised to JSON at once, ~1.5 µs of every call), and with
 * LOG_LEVEL above info most requests write nothing. Otherwise it is `parent.child(bindings, options)`.
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}
  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }
  get level(): string {
    return this.made ? this.made.level : (this.options?.level ?? this.parent.level);
  }
  set level(level: string) {
    this.real().level = level;
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
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
  private write(level: Level, args: unknown[]): void {
    if (!this.logs(level)) return;
    const logger = this.real();
    Reflect.apply(logger[level], logger, args);
  }
  /** Whether an entry at `level` is written (a request's logger keeps its parent's level). */
  private logs(level: string): boolean {
    if (this.made || this.options?.level !== undefined) return true;
    const parent = this.parent as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    return parent.isLevelEnabled?.(level) ?? true;
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is made when it first logs. */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(parent, bindings, options);
}
