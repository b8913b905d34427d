import type { DestinationStream } from 'pino';
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
