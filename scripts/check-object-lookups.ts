/**
 * Lint rule: a string that is not a known literal is never used as a key into a plain object (architecture.md,
 * issue 34). `TABLE[key]` on a `Record<string, T>` answers `Object` for `constructor`, a function for `toString`,
 * the prototype for `__proto__`, and `key in TABLE` is true for all of them; a caller's string that reaches such a
 * lookup is a 500 at best. Use a Map, or guard the lookup with `Object.hasOwn(TABLE, key)` in the same function.
 *
 * Type-aware (the TypeScript checker over tsconfig.json's program): it flags reads `obj[key]` and `key in obj` where
 * `key` is typed `string` (not a union of literals) and `obj` has a string index signature, outside tests. Writes
 * (`out[key] = value` into an object being built) are not flagged: they cannot answer an inherited member. Exits
 * non-zero naming each place.
 */
import path from "node:path";
import ts from "typescript";

const root = process.cwd();
const configFile = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
// The rule reads src/ outside tests only, so only those files are the program's roots: what they import comes in
// with them, and the types there are the same; tests, benchmarks and scripts (with the libraries only they use)
// would double the files to parse and bind for nothing.
const isLinted = (file: string): boolean => {
  const relative = path.relative(root, file);
  return relative.startsWith(`src${path.sep}`) && !relative.endsWith(".test.ts");
};
const program = ts.createProgram(parsed.fileNames.filter(isLinted), parsed.options);
const checker = program.getTypeChecker();

const isOpenString = (type: ts.Type): boolean =>
  type.isUnion() ? type.types.some(isOpenString) : (type.flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) !== 0;

/** A plain object looked up by arbitrary strings: it has a string index signature and is not an array. */
function isStringKeyedObject(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(isStringKeyedObject);
  if ((type.flags & ts.TypeFlags.Object) === 0 || checker.isArrayType(type) || checker.isTupleType(type)) return false;
  return checker.getIndexInfoOfType(type, ts.IndexKind.String) !== undefined;
}

/** True when the enclosing function (or file) checks `Object.hasOwn(obj, key)` before this position. */
function guardedByHasOwn(node: ts.Node, objectText: string, keyText: string): boolean {
  let scope: ts.Node = node;
  while (scope.parent !== undefined && !ts.isFunctionLike(scope)) scope = scope.parent;
  const before = scope.getSourceFile().text.slice(scope.getStart(), node.getStart());
  return before.replace(/\s+/g, "").includes(`Object.hasOwn(${objectText},${keyText})`.replace(/\s+/g, ""));
}

/** `node` is (part of) the left side of an assignment: `out[key] = v`, `[out[key], n] = pair`. */
function isWrite(node: ts.Node): boolean {
  let child = node;
  let parent = node.parent;
  while (ts.isArrayLiteralExpression(parent) || ts.isParenthesizedExpression(parent)) [child, parent] = [parent, parent.parent];
  return ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.left === child;
}

const offences: string[] = [];
for (const source of program.getSourceFiles()) {
  if (!isLinted(source.fileName)) continue;
  const file = path.relative(root, source.fileName);
  const visit = (node: ts.Node): void => {
    let objectNode: ts.Expression | undefined;
    let keyNode: ts.Expression | undefined;
    if (ts.isElementAccessExpression(node)) [objectNode, keyNode] = [node.expression, node.argumentExpression];
    else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InKeyword) [objectNode, keyNode] = [node.right, node.left];
    if (objectNode !== undefined && keyNode !== undefined) {
      const risky = isOpenString(checker.getTypeAtLocation(keyNode)) && isStringKeyedObject(checker.getTypeAtLocation(objectNode));
      if (risky && !isWrite(node) && !guardedByHasOwn(node, objectNode.getText(), keyNode.getText())) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        offences.push(`${file}:${line + 1}: ${node.getText().slice(0, 80)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (offences.length > 0) {
  console.error(`a string key into a plain object (use a Map, or Object.hasOwn first):\n  ${offences.join("\n  ")}`);
  process.exit(1);
}
console.log("no string lookups into plain objects");
