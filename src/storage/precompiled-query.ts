import type { Compilable, CompiledQuery, Kysely, QueryResult } from "kysely";
import type { DatabaseSchema } from "./database-schema.js";

/**
 * A query of the paid path, built and compiled by Kysely once per SQL dialect, then run with new values.
 *
 * Building a query (an immutable tree, frozen node by node) and compiling it to SQL costs about 13 µs of the
 * 30-45 µs a small SQLite write takes on the event loop, and a paid call makes six of them (the claim, its
 * settling mark, the verify and settle rows, the outcome, the request log). The query is built once with a
 * marker string in place of each value; the compiled parameters are then a list of markers (and constants), and
 * each run fills in the values by name. Only values may vary: a query whose shape depends on its values (an
 * optional column, a list of any length) is not one of these.
 */
export type PrecompiledQuery<Values> = (db: Kysely<DatabaseSchema>, values: Values) => Promise<QueryResult<unknown>>;

/** Stands for a value in the query being built; its type is the value's, so the builder type-checks columns. */
export type Slot<Values> = <K extends keyof Values & string>(name: K) => Values[K];

/** Starts no constant a builder writes (a NUL first): only the slots compile to parameters that begin with it. */
const MARKER = "\u0000precompiled-slot:";

interface Template {
  compiled: CompiledQuery;
  /** For each parameter: the name of the value that fills it, or a constant Kysely put there itself. */
  fill: Array<{ name: string } | { constant: unknown }>;
}

export function precompiledQuery<Values extends object>(
  build: (db: Kysely<DatabaseSchema>, slot: Slot<Values>) => Compilable,
): PrecompiledQuery<Values> {
  // Keyed by the dialect's adapter: a transaction shares its database's, and the SQL only depends on the dialect.
  const templates = new WeakMap<object, Template>();
  const templateFor = (db: Kysely<DatabaseSchema>): Template => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (template === undefined) {
      const slot = ((name: string) => `${MARKER}${name}`) as Slot<Values>;
      const compiled = build(db, slot).compile();
      const fill = compiled.parameters.map((parameter) =>
        typeof parameter === "string" && parameter.startsWith(MARKER) ? { name: parameter.slice(MARKER.length) } : { constant: parameter },
      );
      template = { compiled, fill };
      templates.set(adapter, template);
    }
    return template;
  };
  return async (db, values) => {
    const { compiled, fill } = templateFor(db);
    const named = values as Record<string, unknown>;
    const parameters = fill.map((part) => {
      if (!("name" in part)) return part.constant;
      // A name the builder used is a key of Values by type; an own-property check keeps a missing one from
      // reading Object.prototype, and the run from writing a marker into the table.
      if (!Object.hasOwn(named, part.name)) throw new Error(`precompiled query: no value for ${part.name}`);
      return named[part.name];
    });
    return db.executeQuery({ ...compiled, parameters });
  };
}
