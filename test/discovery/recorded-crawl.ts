import fs from "node:fs";
import path from "node:path";
import { RECORDED_CDP_CRAWL } from "../../src/main/import-mirrors.js";
import { SHARED_DIR } from "../support/shared-paths.js";

export const RECORDED_CRAWL_FILE = path.join(SHARED_DIR, "fixtures", RECORDED_CDP_CRAWL);

export interface RecordedCrawl {
  resources: Array<Record<string, any>>;
  total: number;
  crawledAt: string;
  partial: boolean;
}

/** The recorded CDP Bazaar crawl (1400 items), read from ../shared at test time. */
export function readRecordedCrawl(): RecordedCrawl {
  return JSON.parse(fs.readFileSync(RECORDED_CRAWL_FILE, "utf8")) as RecordedCrawl;
}
