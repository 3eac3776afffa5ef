import { FakeClock } from "./support/fake-clock.js";
import { startPaidService, queryOf } from "./support/paid-routes.js";
const EXAMPLE_NOW = Date.parse("2026-11-23T12:00:00.000Z");
const p = await startPaidService({ clock: new FakeClock(EXAMPLE_NOW), env: { PAY_TO: "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf" } });
const doc: any = await (await p.service.app.request("/openapi.json")).json();
for (const [path, methods] of Object.entries<any>(doc.paths)) {
  const op = methods.post ?? methods.get;
  const params = op.requestBody?.content["application/json"].example ?? {};
  const ex = op.responses["200"].content["application/json"].example;
  const { status, body } = await p.call(`${path}?${queryOf(params)}`);
  const same = JSON.stringify(body) === JSON.stringify(ex);
  console.log(path, status, same ? "SAME" : "DIFF");
  if (!same && process.argv.includes(path)) console.log(JSON.stringify(body, null, 1).slice(0, 3000));
}
await p.service.close();
