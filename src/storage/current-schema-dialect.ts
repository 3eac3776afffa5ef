import { PostgresDialect, sql, type DatabaseIntrospector, type DatabaseMetadata, type Kysely, type SchemaMetadata, type TableMetadata } from "kysely";

/**
 * PostgreSQL as Kysely's PostgresDialect, except that what the migrator asks before migrating (does the schema
 * exist, do the migration tables) is answered from the session's own schema (current_schema(), the first of its
 * search_path) instead of from every schema of the database. Kysely's own introspector reads them all, and that
 * read fails ("schema ... does not exist") when another session drops a schema meanwhile: test suites sharing one
 * database do so all the time. Its answer is the same for the migrator, which only ever asks about the schema
 * it migrates.
 */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<any>) {}

  /** The session's schema when it exists (current_schema() is null while the search_path names none that does). */
  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string | null }>`select current_schema() as name`.execute(this.db);
    return rows.flatMap((row) => (row.name === null ? [] : [{ name: row.name }]));
  }

  /** The tables and views of the session's schema; their columns are not read (the migrator needs none). */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ schema: string; name: string; type: string }>`
      select table_schema as schema, table_name as name, table_type as type
      from information_schema.tables where table_schema = current_schema()`.execute(this.db);
    return rows.map((row) => ({ schema: row.schema, name: row.name, isView: row.type === "VIEW", columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}
