import type { Logger } from "yahoo-finance2/lib/options";

/** Where the library's warnings and validation errors end up; the composition root passes its logger. */
export interface LogSink {
  warn(message: string, ...rest: unknown[]): void;
  error(message: string, ...rest: unknown[]): void;
}

/**
 * yahoo-finance2 v4 declares Node >= 22 and warns on every construction under Node 20, where it works
 * (data-sources.md §0.1). That one warning is dropped; every other warning and error is forwarded,
 * because validation failures are how upstream schema drift announces itself. Info/debug chatter
 * (crumb fetching, cookie expiry) is discarded.
 */
export function createYahooLogger(sink: LogSink = console): Logger {
  const isNodeVersionWarning = (args: unknown[]): boolean =>
    typeof args[0] === "string" && args[0].startsWith("[yahoo-finance2] Unsupported environment");
  return {
    info: () => undefined,
    debug: () => undefined,
    dir: () => undefined,
    warn: (...args: unknown[]) => {
      if (!isNodeVersionWarning(args)) sink.warn(String(args[0]), ...args.slice(1));
    },
    error: (...args: unknown[]) => sink.error(String(args[0]), ...args.slice(1)),
  };
}
