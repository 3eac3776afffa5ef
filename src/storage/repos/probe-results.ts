import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Grade, ProbeCheck, ProbeReport } from "../../domain/probe-report.js";
import type { DatabaseSchema } from "../database-schema.js";

/** A stored probe, as the demand reports read it (reliability per origin over a window). */
export interface ProbeResultRow {
  origin: string;
  probedAtMs: number;
  grade: Grade;
  checks: ProbeCheck[];
}

/**
 * Every probe really run, newest per origin first. The table is shared by all nodes, so the probe cache
 * (`latestFor`) holds across nodes, and `recent` gives the reports every result of a window.
 */
export class ProbeResults {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async record(report: ProbeReport): Promise<void> {
    await this.db
      .insertInto("probe_results")
      .values({
        id: randomUUID(),
        origin: report.origin,
        probed_at_ms: report.probedAtMs,
        grade: report.grade,
        checks: JSON.stringify(report.checks),
        report: JSON.stringify(report),
      })
      .execute();
  }

  /** The newest probe of an origin made at or after sinceMs, or undefined. */
  async latestFor(origin: string, sinceMs: number): Promise<ProbeReport | undefined> {
    const row = await this.db
      .selectFrom("probe_results")
      .select("report")
      .where("origin", "=", origin)
      .where("probed_at_ms", ">=", sinceMs)
      .orderBy("probed_at_ms", "desc")
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : (JSON.parse(row.report) as ProbeReport);
  }

  /** The grades of every probe of one origin made at or after sinceMs (for the router's reliability). */
  async gradesFor(origin: string, sinceMs: number): Promise<Grade[]> {
    const rows = await this.db.selectFrom("probe_results").select("grade").where("origin", "=", origin).where("probed_at_ms", ">=", sinceMs).execute();
    return rows.map((r) => r.grade as Grade);
  }

  /** Every probe made at or after sinceMs, oldest first. */
  async recent(sinceMs: number): Promise<ProbeResultRow[]> {
    const rows = await this.db
      .selectFrom("probe_results")
      .select(["origin", "probed_at_ms", "grade", "checks"])
      .where("probed_at_ms", ">=", sinceMs)
      .orderBy("probed_at_ms")
      .orderBy("id")
      .execute();
    return rows.map((r) => ({ origin: r.origin, probedAtMs: r.probed_at_ms, grade: r.grade as Grade, checks: JSON.parse(r.checks) as ProbeCheck[] }));
  }
}
