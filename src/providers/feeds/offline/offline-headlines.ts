import { AppError } from "../../../domain/app-error.js";
import type { Headline, HeadlineProvider } from "../headlines-port.js";

/** Offline (MARKET_DATA_DIR set) there are no live headlines, and none are ever invented. */
export class OfflineHeadlineProvider implements HeadlineProvider {
  readonly source = "offline";

  async headlines(): Promise<Headline[]> {
    const message = "offline mode (MARKET_DATA_DIR is set): live headlines are not available";
    throw new AppError("UPSTREAM_UNAVAILABLE", message, { retryAfterSeconds: 3600, publicHint: message });
  }
}
