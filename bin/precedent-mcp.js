#!/usr/bin/env node
// The `precedent-mcp` command: a launcher only. It runs the bundled MCP server when the build is current,
// else the TypeScript source through tsx (a runtime dependency), so a checkout edited since its last build
// never runs stale code.
import { existsSync } from "node:fs";
import { isStale } from "../scripts/build-stamp.mjs";

const root = new URL("../", import.meta.url);
const compiled = new URL("dist/bundle/mcp.js", root);

if (existsSync(compiled) && !isStale()) {
  await import(compiled.href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(new URL("src/main/mcp.ts", root).href);
}
