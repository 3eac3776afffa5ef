/**
 * Compiles the embedded payment chain's test contracts (chain/TestUSDC.sol, chain/MiniMulticall.sol)
 * with solc-js and writes src/payments/embedded/contract-artifacts.json (abi + deployedBytecode).
 *
 *   npm run compile:token
 *
 * The generated JSON is committed, so the service never compiles at runtime (solc-js needs 3–5 s and is a
 * devDependency). `src/payments/embedded/contract-artifacts.test.ts` recompiles through
 * `compileTestContracts()` and fails if the committed artifact is stale.
 *
 * Settings are fixed so the output is byte-for-byte reproducible: solc 0.8.37 (the pinned solc-js), evmVersion
 * "cancun" (the embedded chain runs the cancun hardfork), optimizer 200 runs, and no CBOR metadata tail
 * (the tail hashes the metadata JSON, which would tie the bytecode to comments and file paths).
 */
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Relative to the repository root; also the solc source unit names. */
export const CONTRACT_SOURCES = {
  TestUSDC: "chain/TestUSDC.sol",
  MiniMulticall: "chain/MiniMulticall.sol",
} as const;

export type ContractName = keyof typeof CONTRACT_SOURCES;

export const ARTIFACTS_PATH = path.join(repoRoot, "src/payments/embedded/contract-artifacts.json");

export interface ContractArtifact {
  sourceName: string;
  abi: unknown[];
  /** Runtime bytecode (what `hardhat_setCode` installs), 0x-prefixed. */
  deployedBytecode: `0x${string}`;
}

export interface ContractArtifacts {
  compiler: { version: string; evmVersion: string; optimizerRuns: number };
  contracts: Record<ContractName, ContractArtifact>;
}

interface SolcJs {
  version(): string;
  compile(input: string): string;
}

interface SolcOutput {
  errors?: Array<{ severity: "error" | "warning" | "info"; formattedMessage: string }>;
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { deployedBytecode: { object: string } } }>>;
}

const EVM_VERSION = "cancun";
const OPTIMIZER_RUNS = 200;

/** Compiles both contracts from the files on disk. Takes a few seconds (solc-js is WebAssembly/asm.js). */
export async function compileTestContracts(): Promise<ContractArtifacts> {
  // solc is a CommonJS devDependency; require() keeps it out of the runtime import graph.
  const solc = createRequire(import.meta.url)("solc") as SolcJs;

  const sources: Record<string, { content: string }> = {};
  for (const sourceName of Object.values(CONTRACT_SOURCES)) {
    sources[sourceName] = { content: await readFile(path.join(repoRoot, sourceName), "utf8") };
  }

  const input = {
    language: "Solidity",
    sources,
    settings: {
      evmVersion: EVM_VERSION,
      optimizer: { enabled: true, runs: OPTIMIZER_RUNS },
      metadata: { bytecodeHash: "none", appendCBOR: false },
      outputSelection: { "*": { "*": ["abi", "evm.deployedBytecode.object"] } },
    },
  };

  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const problems = (output.errors ?? []).filter((e) => e.severity === "error");
  if (problems.length > 0) {
    throw new Error(`solc failed:\n${problems.map((e) => e.formattedMessage).join("\n")}`);
  }
  const warnings = (output.errors ?? []).filter((e) => e.severity === "warning");
  if (warnings.length > 0) {
    throw new Error(`solc warnings (keep the test contracts warning-free):\n${warnings.map((e) => e.formattedMessage).join("\n")}`);
  }

  const contracts = {} as Record<ContractName, ContractArtifact>;
  for (const [name, sourceName] of Object.entries(CONTRACT_SOURCES) as Array<[ContractName, string]>) {
    const compiled = output.contracts?.[sourceName]?.[name];
    if (!compiled) throw new Error(`solc produced no output for ${sourceName}:${name}`);
    contracts[name] = {
      sourceName,
      abi: compiled.abi,
      deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
    };
  }

  return {
    compiler: { version: solc.version(), evmVersion: EVM_VERSION, optimizerRuns: OPTIMIZER_RUNS },
    contracts,
  };
}

/**
 * The exact text written to ARTIFACTS_PATH: indented JSON with one ABI entry per line (readable diffs, ~half the
 * size of fully indented output), stable key order, trailing newline.
 */
export function serializeArtifacts(artifacts: ContractArtifacts): string {
  const contracts = Object.entries(artifacts.contracts).map(([name, a]) => {
    const abi = a.abi.map((entry) => `        ${JSON.stringify(entry)}`).join(",\n");
    return [
      `    ${JSON.stringify(name)}: {`,
      `      "sourceName": ${JSON.stringify(a.sourceName)},`,
      `      "abi": [\n${abi}\n      ],`,
      `      "deployedBytecode": ${JSON.stringify(a.deployedBytecode)}`,
      `    }`,
    ].join("\n");
  });
  return [
    "{",
    `  "compiler": ${JSON.stringify(artifacts.compiler)},`,
    `  "contracts": {\n${contracts.join(",\n")}\n  }`,
    "}",
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const started = performance.now();
  const artifacts = await compileTestContracts();
  await writeFile(ARTIFACTS_PATH, serializeArtifacts(artifacts));
  const sizes = Object.entries(artifacts.contracts)
    .map(([name, a]) => `${name} ${(a.deployedBytecode.length - 2) / 2} B`)
    .join(", ");
  console.log(
    `compiled with solc ${artifacts.compiler.version} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${sizes}`,
  );
  console.log(`wrote ${path.relative(repoRoot, ARTIFACTS_PATH)}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
