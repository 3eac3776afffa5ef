import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { boundedText, originParam, pathParam } from "./router-params.js";

const params = z.object({
  to_origin: originParam("Origin of a router result, as its go link gives it", "https://weather.x402app.org"),
  to_path: pathParam("Path of that result, as its go link gives it", "/weather"),
  need: boundedText({ min: 0, max: 500, description: "The need the result was found for (recorded with the click)", example: "weather forecast" }).optional(),
});
export type DiscoverGoParams = z.infer<typeof params>;

const response = z.object({ location: z.string() }).openapi("RouterRedirect");

export const discoverGoContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_discover_go",
  description:
    "Free. Answers 302 with Location = the seller's resource URL, only when (to_origin, to_path) is one of our own routes or a listing of " +
    "our index mirrors (the Location is taken from our stored listing, never from the request); any other pair answers 404 NOT_FOUND, so " +
    "this is no open redirect. The click is recorded (client key only) for the aggregate demand reports.",
  params,
  response,
  example: { params: { to_origin: "https://weather.x402app.org", to_path: "/weather", need: "weather forecast" }, response: { location: "https://weather.x402app.org/weather" } },
  errors: ["NOT_FOUND"],
  redirect: true,
};
