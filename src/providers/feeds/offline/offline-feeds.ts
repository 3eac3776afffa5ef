import { AppError } from "../../../domain/app-error.js";

/**
 * The offline implementation of every feed port: it never invents an answer. It fails as an unreachable
 * upstream would, so the snapshot store serves what was stored (imported recordings, earlier fetches) and
 * otherwise answers 503 telling the caller how to load recordings.
 */
export function offlineFeedError(): AppError {
  const message = "offline mode (MARKET_DATA_DIR is set): feeds are served only from stored snapshots";
  return new AppError("UPSTREAM_UNAVAILABLE", message, { retryAfterSeconds: 3600, publicHint: message });
}

/** An implementation of port `T` whose every method rejects with the offline error. */
export function offlineProvider<T extends object>(): T {
  return new Proxy({} as T, {
    get: (_target, property) => (property === "then" ? undefined : async () => Promise.reject(offlineFeedError())),
  });
}
