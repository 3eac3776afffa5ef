import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { cancelledNowField, registrationFields, STATES_TEXT, watchIdParam } from "./alert-schemas.js";

/** One alert kind as its contracts describe it; everything else about its lookups is the same for every kind. */
export interface AlertKindWire<F extends z.ZodRawShape> {
  /** `Price` or `Pattern`: the bodies are the components `<name>AlertStatus`, `<name>AlertCancel`, `<name>AlertRegistration`. */
  name: string;
  /** The routes' prefix (`watch`, `pattern_alert`): operationIds `<prefix>_status` and `<prefix>_cancel`, paths `/<prefix>/…`. */
  prefix: string;
  /** The kind's status record: the shared alertStatusFields and its own. */
  statusFields: F;
  /** What the status route reports besides the state and the attempts (`the last check`). */
  statusWhat: string;
  statusExample: z.infer<z.ZodObject<F>>;
  /** The kind's last observed value, null in a registration's answer (the alert has not been checked yet). */
  uncheckedFields: Partial<z.infer<z.ZodObject<F>>>;
}

const idParams = z.object({ watch_id: watchIdParam() });

/**
 * The bodies of one alert kind and its two free lookups (status, and cancel, which answers the status with
 * cancelled_now), with the registration's documented answer built from the status example.
 */
export function alertKindContracts<F extends z.ZodRawShape>(kind: AlertKindWire<F>) {
  const statusResponse = z.object(kind.statusFields).openapi(`${kind.name}AlertStatus`);
  const cancelResponse = z.object({ ...kind.statusFields, ...cancelledNowField }).openapi(`${kind.name}AlertCancel`);
  const registerResponse = z.object({ ...kind.statusFields, ...registrationFields }).openapi(`${kind.name}AlertRegistration`);
  const noun = `${kind.name.toLowerCase()} alert`;
  const id = (kind.statusExample as { watch_id: string }).watch_id;
  const example = { params: { watch_id: id }, response: kind.statusExample };

  const status: OperationContract<typeof idParams, typeof statusResponse> = {
    operationId: `${kind.prefix}_status`,
    description: `State of a ${noun}, ${kind.statusWhat} and every delivery attempt. Free. ${STATES_TEXT} An unknown watch_id is 404.`,
    params: idParams,
    response: statusResponse,
    example,
    errors: ["NOT_FOUND"],
  };
  const cancel: OperationContract<typeof idParams, typeof cancelResponse> = {
    operationId: `${kind.prefix}_cancel`,
    description:
      `Cancels an active ${noun} (active -> cancelled) and answers its status. Free. Cancelling twice, or an alert that already ` +
      "fired or expired, changes nothing and answers 200 with cancelled_now false. An unknown watch_id is 404.",
    params: idParams,
    response: cancelResponse,
    example: { ...example, response: { ...kind.statusExample, status: "cancelled", cancelled_now: true } as z.infer<typeof cancelResponse> },
    errors: ["NOT_FOUND"],
  };
  const registrationExample = {
    ...kind.statusExample,
    last_checked_at: null,
    last_observed_bar: null,
    ...kind.uncheckedFields,
    secret: "9b1f0c3e2d4a5b6c7d8e9f00112233445566778899aabbccddeeff0011223344",
    status_url: `https://api.example.com/${kind.prefix}/status?watch_id=${id}`,
    cancel_url: `https://api.example.com/${kind.prefix}/cancel?watch_id=${id}`,
  } as z.infer<typeof registerResponse>;
  return { registerResponse, registrationExample, status, cancel };
}
