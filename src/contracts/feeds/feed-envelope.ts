import { z } from "@hono/zod-openapi";

/** The two fields every feed answer carries (data-sources.md §4.4). */
export const fetchedAtField = () =>
  z.string().openapi({ description: "ISO-8601 time the upstream answer was fetched (a recording's own time when imported)" });
export const cachedField = () =>
  z.boolean().openapi({
    description: "True when no upstream request was made for this answer: a stored snapshot within its TTL, or the last snapshot served because the upstream failed (fetched_at shows its age)",
  });
