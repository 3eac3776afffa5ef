import { ROUTE_CATALOG } from "../contracts/route-catalog.js";
import { errorText } from "./error-text.js";
import { fetchMountedOperations } from "./mounted-operations.js";
import { toolsFor, type OperationTool } from "./tool-catalog.js";
import type { ToolsetSelection } from "./toolsets.js";

/**
 * The tools on offer: one per operation the service mounts. Discovered once from the service; while the
 * service cannot be reached every contract-backed operation is offered (its calls then explain that the
 * service is down) and discovery is retried on the next listing.
 */
export class ToolRegistry {
  private discovered: OperationTool[] | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly log: (line: string) => void,
    readonly selection: ToolsetSelection,
  ) {}

  /** The tools of the enabled toolsets (and the always-on ones): what tools/list shows. */
  async listed(): Promise<OperationTool[]> {
    return (await this.tools()).filter((tool) => this.selection.offers(tool.name));
  }

  async tools(): Promise<OperationTool[]> {
    if (this.discovered !== undefined) return this.discovered;
    try {
      this.discovered = toolsFor(await fetchMountedOperations(this.baseUrl));
      this.log(`offering ${this.discovered.length} tools mounted by ${this.baseUrl}`);
      return this.discovered;
    } catch (error) {
      this.log(`could not read ${this.baseUrl}/openapi.json (${errorText(error)}); offering every known operation until it answers`);
      return toolsFor(new Set(ROUTE_CATALOG.map((route) => route.operationId)));
    }
  }

  /** The service runs on its embedded test chain (it mounts the faucet): money is test USDC there. */
  async isEmbedded(): Promise<boolean> {
    return (await this.tools()).some((tool) => tool.name === "dev_faucet");
  }

  /** Any mounted tool, listed or not (a call to an unlisted one is answered with the toolset to enable). */
  async find(name: string): Promise<OperationTool | undefined> {
    return (await this.tools()).find((tool) => tool.name === name);
  }
}
