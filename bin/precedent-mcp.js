#!/usr/bin/env node
// The `precedent-mcp` command: a launcher only. It runs the compiled MCP server when a build exists, else the
// TypeScript source through tsx (a runtime dependency), so the bin works from a checkout and from a build.
import { existsSync } from "node:fs";

const root = new URL("../", import.meta.url);
const compiled = new URL("dist/src/main/mcp.js", root);

if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(new URL("src/main/mcp.ts", root).href);
}
