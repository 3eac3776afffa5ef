export type SqlDialect = "sqlite" | "postgres";
