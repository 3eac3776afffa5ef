/**
 * Whether a value is plain JSON data, and how big: the test that decides where an answer is serialised
 * (./answer-encoder-thread.ts). Plain means what `JSON.stringify` turns into the same text in any isolate
 * after a structured clone: null, booleans, numbers, strings, undefined, and arrays and objects whose
 * prototype is Array.prototype, Object.prototype or null, at most MAX_DEPTH of them nested in one another.
 * Anything else (a Date, a typed array, a class instance, a toJSON method, a function, a bigint, a cycle) is
 * not plain: such an answer is serialised where it was made, so its text never depends on where that happened.
 */
const MAX_DEPTH = 64;

/** The number of leaves (primitive values) of a plain value, or -1 when it is not plain data. */
export function plainDataLeaves(value: unknown): number {
  return leaves(value, 0);
}

function leaves(value: unknown, depth: number): number {
  if (value === null) return 1;
  switch (typeof value) {
    case "number":
    case "string":
    case "boolean":
    case "undefined":
      return 1;
    case "object":
      break;
    default:
      return -1;
  }
  if (depth >= MAX_DEPTH) return -1;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return -1;
    let count = 0;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      // Numbers and strings are most of a large answer: counted without the call.
      const n = typeof item === "number" || typeof item === "string" ? 1 : leaves(item, depth + 1);
      if (n < 0) return -1;
      count += n;
    }
    return count;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return -1;
  let count = 0;
  for (const child of Object.values(value)) {
    const n = leaves(child, depth + 1);
    if (n < 0) return -1;
    count += n;
  }
  return count;
}
