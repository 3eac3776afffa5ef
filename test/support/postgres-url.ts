/**
 * TEST_PG_URL as the test processes see it (vitest.config.ts): their sessions run with `synchronous_commit=off`.
 * A commit then returns before its WAL record is on disk instead of after: a crash of PostgreSQL itself may lose
 * the last commits, which no test survives or needs (the crash tests kill our nodes, never the database), while
 * what a test can see is unchanged: atomicity, visibility, locks and isolation are the same. What goes is the
 * wait for the disk on every commit, and the suites commit thousands of times: measured on the 2-core machine,
 * an autocommitted insert took 2.9-3.3 ms with it on, 0.15-0.2 ms off. A URL that already sets `options`, and
 * a connection string that is not a URL (`host=... dbname=...`), are left as they are.
 */
export function withoutCommitFlushWaits(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (parsed.searchParams.has("options")) return url;
  parsed.searchParams.set("options", "-c synchronous_commit=off");
  return parsed.toString();
}
