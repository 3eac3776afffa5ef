/**
 * A table's own entry for a key, or undefined. `TABLE[key]` on a plain object also finds what every object
 * inherits: `constructor` is `Object`, `toString` a function, `__proto__` the prototype, so a caller's (or an
 * upstream's) string used as a key is a 500 waiting to happen. Every lookup of an arbitrary string in a plain
 * object goes through here or a Map; `npm run lint` (scripts/check-object-lookups.ts) finds the others.
 */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
