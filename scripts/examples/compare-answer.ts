/*
 * A documented example against a real answer, with the rule the example tests have always used: same structure
 * and text, numbers equal to 1e-9 relative (a kernel change or a summation order may move the last digits).
 * Volatile fields (ids drawn at random on every run) are compared by type only. Paths name array items `[]`
 * in volatile lists (`setups[].signal_id`) and by index in what is reported (`setups[2].signal_id`).
 */

export interface Difference {
  path: string;
  /** undefined: the field is absent on this side. */
  documented: unknown;
  answered: unknown;
}

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> => value !== null && typeof value === "object" && !Array.isArray(value);
const kind = (value: Json) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

function sameLeaf(documented: Json, answered: Json): boolean {
  if (typeof documented === "number" && typeof answered === "number") {
    return Math.abs(answered - documented) <= 1e-9 * Math.max(1, Math.abs(documented));
  }
  return documented === answered;
}

interface Walk {
  volatile: ReadonlySet<string>;
  /** The path as reported (indexes) and as matched against `volatile` (`[]`). */
  shown: string;
  pattern: string;
}

const child = (walk: Walk, key: string | number): Walk =>
  typeof key === "number"
    ? { ...walk, shown: `${walk.shown}[${key}]`, pattern: `${walk.pattern}[]` }
    : { ...walk, shown: walk.shown === "" ? key : `${walk.shown}.${key}`, pattern: walk.pattern === "" ? key : `${walk.pattern}.${key}` };

function collect(documented: Json, answered: Json, walk: Walk, out: Difference[]): void {
  if (walk.volatile.has(walk.pattern)) {
    if (kind(documented) !== kind(answered)) out.push({ path: walk.shown, documented, answered });
  } else if (Array.isArray(documented) && Array.isArray(answered)) {
    if (documented.length !== answered.length) out.push({ path: `${walk.shown}.length`, documented: documented.length, answered: answered.length });
    for (let i = 0; i < Math.min(documented.length, answered.length); i++) collect(documented[i], answered[i], child(walk, i), out);
  } else if (isObject(documented) && isObject(answered)) {
    for (const key of new Set([...Object.keys(documented), ...Object.keys(answered)])) {
      // A key on one side only is a difference whatever its value; undefined stands for the absent side.
      if (!Object.hasOwn(answered, key) || !Object.hasOwn(documented, key)) out.push({ path: child(walk, key).shown, documented: documented[key], answered: answered[key] });
      else collect(documented[key], answered[key], child(walk, key), out);
    }
  } else if (!sameLeaf(documented, answered)) {
    out.push({ path: walk.shown, documented, answered });
  }
}

/** Every place where the answer differs from the documented example (empty: the example is what the service answers). */
export function differences(documented: Json, answered: Json, volatile: readonly string[] = []): Difference[] {
  const out: Difference[] = [];
  collect(documented, answered, { volatile: new Set(volatile), shown: "", pattern: "" }, out);
  return out;
}

/**
 * The answer to write as the new example: the answer's structure and order, keeping the documented value wherever
 * the comparison above accepts it (volatile ids, numbers within 1e-9), so that writing changes exactly what a check
 * reports and two runs write the same file.
 */
export function reconcile(documented: Json, answered: Json, volatile: readonly string[] = []): Json {
  const keep = new Set(volatile);
  const walk = (doc: Json, ans: Json, pattern: string): Json => {
    if (doc === undefined) return ans;
    if (keep.has(pattern)) return kind(doc) === kind(ans) ? doc : ans;
    if (Array.isArray(doc) && Array.isArray(ans)) return ans.map((item, i) => walk(doc[i], item, `${pattern}[]`));
    if (isObject(doc) && isObject(ans)) {
      return Object.fromEntries(Object.entries(ans).map(([key, value]) => [key, walk(doc[key], value, pattern === "" ? key : `${pattern}.${key}`)]));
    }
    return sameLeaf(doc, ans) ? doc : ans;
  };
  return walk(documented, answered, "");
}
