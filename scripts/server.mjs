// The production server: Next.js behind a plain Node HTTP server, so that the client's address comes
// from the socket (and from nowhere a client can write) and reaches the routes through a header that
// carries a per-process token. Started by `npm start` / `npm run up`.
import crypto from "node:crypto";
import http from "node:http";
import next from "next";

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME_BIND || "0.0.0.0";
const token = crypto.randomBytes(24).toString("base64url");
process.env.SIGNET_CLIENT_IP_TOKEN = token;

const app = next({ dev: false, hostname: "localhost", port, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
  delete req.headers["x-signet-client-ip"];
  delete req.headers["x-signet-client-ip-token"];
  const addr = req.socket.remoteAddress ?? "";
  req.headers["x-signet-client-ip"] = addr.startsWith("::ffff:") ? addr.slice(7) : addr;
  req.headers["x-signet-client-ip-token"] = token;
  handle(req, res);
});
server.requestTimeout = 10 * 60_000;
server.listen(port, hostname, () => {
  console.log(`[signet] listening on http://localhost:${port}`);
});

const stop = (sig) => {
  console.log(`[signet] ${sig}: shutting down`);
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
