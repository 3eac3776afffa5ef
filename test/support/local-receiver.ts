import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type ReceiverReply = (request: ReceivedRequest) => { status: number; headers?: Record<string, string>; body?: string } | "hang";

/**
 * An HTTP server on 127.0.0.1 that records every TCP connection and every request: the webhook receiver
 * of the alert tests and the "was anything reached" witness of the SSRF tests.
 */
export interface LocalReceiver {
  port: number;
  connections: () => number;
  requests: ReceivedRequest[];
  reply: ReceiverReply;
  close(): Promise<void>;
}

export async function startLocalReceiver(reply: ReceiverReply = () => ({ status: 200, body: "ok" })): Promise<LocalReceiver> {
  let connections = 0;
  const receiver = { requests: [] as ReceivedRequest[], reply } as LocalReceiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      receiver.requests.push(request);
      const answer = receiver.reply(request);
      if (answer === "hang") return;
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body ?? "");
    });
  });
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.connections = () => connections;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
