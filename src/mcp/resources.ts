import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ReadResourceResult, Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import { errorText } from "./error-text.js";
import { toolDocUri } from "./tool-catalog.js";
import type { ToolRegistry } from "./tool-registry.js";

/**
 * Long text lives here rather than in tool descriptions: the service's OpenAPI document and track record (read
 * from the service when asked), how to read the numbers (README section and docs/statistics.md, read from the
 * package's files), and one page per tool with its whole description and described output fields.
 */
const RESOURCES: readonly (Resource & { source: { service: string } | { file: string; section?: string } })[] = [
  {
    uri: "precedent://openapi.json",
    name: "openapi",
    title: "OpenAPI description of the service",
    description: "Every route, parameter, response field and price (about 1 MB of JSON)",
    mimeType: "application/json",
    source: { service: "/openapi.json" },
  },
  {
    uri: "precedent://track-record",
    name: "track-record",
    title: "Track record",
    description: "How the service's published forecasts and signals turned out (/api/track-record, where the deployment serves it)",
    mimeType: "application/json",
    source: { service: "/api/track-record" },
  },
  {
    uri: "precedent://docs/how-to-read",
    name: "how-to-read",
    title: "How to read these numbers",
    description: "Baselines, intervals, excess over baseline, adjusted p-values: read before quoting a forecast",
    mimeType: "text/markdown",
    source: { file: "README.md", section: "## How to read these numbers" },
  },
  {
    uri: "precedent://docs/statistics",
    name: "statistics",
    title: "Statistics, in full",
    description: "docs/statistics.md: every interval, baseline and sizing rule the service publishes",
    mimeType: "text/markdown",
    source: { file: "docs/statistics.md" },
  },
  {
    uri: "precedent://docs/mcp",
    name: "mcp",
    title: "This MCP server",
    description: "Toolsets, wallet, spend caps, results and host configuration",
    mimeType: "text/markdown",
    source: { file: "docs/mcp.md" },
  },
];

export const TOOL_DOC_TEMPLATE: ResourceTemplate = {
  uriTemplate: "precedent://tools/{name}",
  name: "tool-doc",
  title: "A tool's whole description",
  description: "The full description of a tool and the meaning of every field it returns",
  mimeType: "text/markdown",
};

export function listResources(): Resource[] {
  return RESOURCES.map(({ source: _source, ...resource }) => resource);
}

/** The markdown section that starts with `heading`, up to the next heading of the same level. */
function section(text: string, heading: string): string | undefined {
  const start = text.indexOf(`${heading}\n`);
  if (start < 0) return undefined;
  const level = heading.split(" ")[0];
  const next = text.indexOf(`\n${level} `, start + heading.length);
  return text.slice(start, next < 0 ? undefined : next).trim();
}

export class ResourceReader {
  constructor(
    private readonly baseUrl: string,
    /** The package root (README.md, docs/): the files a checkout or a published package carries. */
    private readonly packageRoot: string,
    private readonly registry: ToolRegistry,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async read(uri: string): Promise<ReadResourceResult> {
    const text = (mimeType: string, body: string): ReadResourceResult => ({ contents: [{ uri, mimeType, text: body }] });
    if (uri.startsWith(toolDocUri(""))) return text("text/markdown", await this.toolDoc(uri.slice(toolDocUri("").length)));
    const resource = RESOURCES.find((r) => r.uri === uri);
    if (resource === undefined) throw new Error(`Unknown resource ${uri}: list the resources to see what this server offers`);
    if ("service" in resource.source) {
      const served = await this.fromService(resource.source.service);
      return text(served.json ? "application/json" : "text/plain", served.body);
    }
    return text("text/markdown", await this.fromFile(resource.source.file, resource.source.section));
  }

  private async toolDoc(name: string): Promise<string> {
    const tool = await this.registry.find(decodeURIComponent(name));
    if (tool === undefined) return `No tool named ${name} on this server.`;
    const schema = tool.describedOutputSchema === undefined ? "" : `\n\n## Returns\n\n\`\`\`json\n${JSON.stringify(tool.describedOutputSchema, null, 1)}\n\`\`\`\n`;
    return `# ${tool.name}\n\n${tool.fullDescription}${schema}`;
  }

  /** A service document; a route this deployment does not serve (404) or charges for (402) is said plainly. */
  private async fromService(routePath: string): Promise<{ json: boolean; body: string }> {
    const url = `${this.baseUrl}${routePath}`;
    try {
      const response = await this.fetchFn(url, { signal: AbortSignal.timeout(15_000) });
      if (response.status === 200) return { json: true, body: await response.text() };
      if (response.status === 404) return { json: false, body: `${url} is not served by this deployment (HTTP 404).` };
      if (response.status === 402) return { json: false, body: `${url} is a paid route (HTTP 402): call it with a paying client.` };
      return { json: false, body: `${url} answered HTTP ${response.status}; try again later.` };
    } catch (error) {
      return { json: false, body: `${url} could not be reached (${errorText(error)}).` };
    }
  }

  private async fromFile(file: string, heading: string | undefined): Promise<string> {
    try {
      const whole = await readFile(path.join(this.packageRoot, file), "utf8");
      return (heading === undefined ? whole : section(whole, heading)) ?? `The section "${heading}" is missing from ${file}.`;
    } catch (error) {
      return `${file} is not available next to this server (${errorText(error)}).`;
    }
  }
}
