/**
 * Lint rule that dependency-cruiser cannot express: only src/config reads process.env (architecture.md).
 * Exits non-zero naming every other file that does.
 */
import fs from "node:fs";
import path from "node:path";

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

const offenders = sourceFiles("src")
  .filter((file) => !file.startsWith(`src${path.sep}config${path.sep}`))
  .filter((file) => /\bprocess\.env\b/.test(fs.readFileSync(file, "utf8")));
if (offenders.length > 0) {
  console.error(`process.env read outside src/config:\n  ${offenders.join("\n  ")}`);
  process.exit(1);
}
console.log("only src/config reads process.env");
