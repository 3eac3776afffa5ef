/**
 * The layering rules of ../shared/notes/architecture.md, enforced in CI (`npm run lint`).
 * Each rule names the folder that may not reach the other.
 */
const layer = (name) => `^src/${name}/`;

module.exports = {
  forbidden: [
    {
      name: "core-is-pure",
      comment: "core imports nothing outside core: no Node APIs, no packages",
      severity: "error",
      from: { path: layer("core") },
      to: { pathNot: layer("core") },
    },
    {
      name: "analytics-uses-core-and-domain-only",
      severity: "error",
      from: { path: layer("analytics") },
      to: { pathNot: [layer("analytics"), layer("core"), layer("domain"), "^node_modules/zod/"] },
    },
    {
      name: "domain-stays-at-the-bottom",
      severity: "error",
      from: { path: layer("domain") },
      to: { path: "^src/", pathNot: layer("domain") },
    },
    {
      name: "providers-never-reach-up",
      comment: "adapters see their port, providers/http and domain only",
      severity: "error",
      from: { path: layer("providers") },
      to: { path: "^src/", pathNot: [layer("providers"), layer("domain"), layer("config")] },
    },
    {
      name: "storage-knows-nothing-above-it",
      comment: "core is below everything (it imports nothing), so storage may use its pure pieces (the bounded LRU)",
      severity: "error",
      from: { path: layer("storage") },
      to: { path: "^src/", pathNot: [layer("storage"), layer("domain"), layer("core")] },
    },
    {
      name: "routes-never-touch-providers-or-storage",
      comment: "a route is a declaration plus one service call; it sees ports and repositories only as types",
      severity: "error",
      from: { path: layer("http") },
      to: { path: [layer("providers"), layer("storage")], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "services-see-ports-as-types",
      severity: "error",
      from: { path: layer("services") },
      to: { path: [layer("providers"), layer("storage"), layer("http"), layer("mcp")], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "contracts-sit-below-the-services",
      comment:
        "wire contracts are shared by http and mcp and describe the services' answers; what both sides name (vocabularies, limits) lives in domain, never a service",
      severity: "error",
      from: { path: layer("contracts") },
      to: { path: "^src/", pathNot: [layer("contracts"), layer("domain"), layer("core"), layer("analytics")] },
    },
    {
      name: "payments-sit-below-http",
      comment: "the payment middleware and facilitators are mounted by http and main; they never reach up into them, nor into services or mcp",
      severity: "error",
      from: { path: layer("payments") },
      to: { path: [layer("http"), layer("mcp"), layer("services"), layer("main"), layer("jobs")] },
    },
    {
      name: "threads-are-plumbing",
      comment: "starting worker threads, their priority and the order of their answers: below every layer that uses them",
      severity: "error",
      from: { path: layer("threads") },
      to: { path: "^src/", pathNot: layer("threads") },
    },
    {
      name: "http-does-not-import-mcp",
      severity: "error",
      from: { path: layer("http") },
      to: { path: layer("mcp") },
    },
    {
      name: "mcp-does-not-import-http",
      severity: "error",
      from: { path: layer("mcp") },
      to: { path: layer("http") },
    },
    {
      name: "only-main-wires",
      comment: "nothing imports the composition roots (but the test harness, which bench scripts reuse to run an in-process service)",
      severity: "error",
      from: { pathNot: [layer("main"), "^test/support/"] },
      to: { path: layer("main") },
    },
    {
      name: "only-config-reads-the-environment",
      severity: "error",
      from: { path: "^src/", pathNot: [layer("config"), layer("main")] },
      to: { path: "^src/config/config\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-cycles",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "web-is-a-client-of-the-api",
      comment: "the page (web/) calls the public API like any client: it never imports the service, nor the service it",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^src/" },
    },
    {
      name: "the-service-does-not-import-the-page",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^web/" },
    },
    {
      name: "tests-are-not-imported-by-source",
      severity: "error",
      from: { path: "^src/", pathNot: "\\.test\\.ts$" },
      to: { path: ["^test/", "\\.test\\.ts$"] },
    },
    {
      // Dead code: a module no entry point (server, CLI, bench, scripts) reaches is removed, not kept "for later".
      name: "no-unreachable-modules",
      severity: "error",
      from: { path: "^(src/main/(server|cli|mcp|facilitator|snapshots-import-cli|mirrors-import-cli|arena-offline-cli)|bench/[^/]+|scripts/[^/]+)\\.ts$" },
      to: {
        path: "^src/",
        pathNot: [
          "\\.test\\.ts$",
          "\\.d\\.ts$",
          "^src/main/(server|cli|mcp|facilitator|snapshots-import-cli|mirrors-import-cli|arena-offline-cli)\\.ts$",
          // Loaded by file URL into worker threads (and imported only there), which the cruiser cannot follow.
          "^src/services/patterns/(search-worker(-cache)?|search-job-runner|search-kernels|warm-up-search)\\.ts$",
          "^src/payments/embedded/(payment-network-worker|settlement-rehearsal)\\.ts$",
          "^src/http/answer-encoding/answer-encoder-worker\\.ts$",
          "^src/threads/(worker-bootstrap\\.mjs|thread-priority\\.ts)$",
        ],
        reachable: false,
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
