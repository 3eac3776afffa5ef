import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { CnnFearGreedProvider } from "../../src/providers/feeds/cnn/cnn-fear-greed.js";
import { FEAR_GREED_COMPONENTS } from "../../src/providers/feeds/port.js";
import { appError } from "../support/caught-app-error.js";
import { describeWithShared } from "../support/replay-fetch.js";
import { SHARED_DIR } from "../support/shared-paths.js";
import { feedFetch, itHandlesTransportFailures } from "./feed-failure-modes.js";

const GOLDEN = () => readFileSync(path.join(SHARED_DIR, "fixtures/cnn-fear-greed/response-golden.json"), "utf8");
const CNN = /production\.dataviz\.cnn\.io\/index\/fearandgreed\/graphdata$/;

describeWithShared("CNN Fear & Greed adapter (recorded 2022-04-25 answer)", () => {
  it("maps the recorded answer: score, rating, previous readings, nine components, 30 history points", async () => {
    let headers = new Headers();
    const fetch = feedFetch(CNN, (init) => {
      headers = new Headers(init?.headers);
      return new Response(GOLDEN(), { status: 200, headers: { "content-type": "application/json" } });
    });
    const fg = await new CnnFearGreedProvider({ fetch }).fearGreed();
    expect(fg).toMatchObject({
      score: 30.8254,
      rating: "fear",
      timestamp: "2022-04-25T16:21:09.254Z",
      previous_week: 45.7327,
      previous_month: 46.8745,
    });
    expect(Object.keys(fg.components)).toEqual([...FEAR_GREED_COMPONENTS]);
    expect(fg.components.put_call_options).toEqual({ score: 16.4329, rating: "extreme fear", timestamp: "2022-04-25T16:21:07.424Z" });
    expect(fg.history_30d).toHaveLength(30);
    expect(fg.history_30d.at(-2)).toEqual({ date: "2022-04-25", score: 30.8254, rating: "fear" });
    // CNN answers Node's default User-Agent with 418: we must look like a browser coming from cnn.com.
    expect(headers.get("user-agent")).toMatch(/Mozilla\/5\.0/);
    expect(headers.get("referer")).toBe("https://edition.cnn.com/");
    expect(fetch.misses).toEqual([]);
  });

  it("reports schema drift naming the field that moved", async () => {
    const body = JSON.parse(GOLDEN()) as { fear_and_greed: Record<string, unknown> };
    delete body.fear_and_greed.score;
    const error = await appError(new CnnFearGreedProvider({ fetch: feedFetch(CNN, () => new Response(JSON.stringify(body))) }).fearGreed());
    expect(error.code).toBe("UPSTREAM_SCHEMA_CHANGED");
    expect(error.message).toMatch(/fear_and_greed\.score/);
  });

  it("keeps a component CNN left out as nulls rather than inventing it", async () => {
    const body = JSON.parse(GOLDEN()) as Record<string, unknown>;
    delete body.junk_bond_demand;
    const fg = await new CnnFearGreedProvider({ fetch: feedFetch(CNN, () => new Response(JSON.stringify(body))) }).fearGreed();
    expect(fg.components.junk_bond_demand).toEqual({ score: null, rating: null, timestamp: null });
  });

  itHandlesTransportFailures(CNN, (deps) => new CnnFearGreedProvider(deps).fearGreed());
});
