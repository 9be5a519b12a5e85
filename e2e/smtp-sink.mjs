// A real SMTP server (the smtp-server package) for the whole e2e run, started by Playwright's
// webServer list in playwright.config.ts. The Signet server under test sends all its mail here
// (SMTP_URL); each message is kept, raw, as a file in E2E_MAIL_DIR, where specs read it.
// It runs for the whole run, not per spec: any spec that sends a request makes the server mail.
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.E2E_SMTP_PORT || 2525);
const dir = process.env.E2E_MAIL_DIR;
if (!dir) throw new Error("E2E_MAIL_DIR is not set");
fs.mkdirSync(dir, { recursive: true });

let count = 0;
const server = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  size: 50 * 1024 * 1024,
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("error", callback);
    stream.on("end", () => {
      // Sortable names (arrival order); written whole, then renamed, so a reader never sees half a message.
      const name = `${Date.now()}-${String(++count).padStart(6, "0")}.eml`;
      const file = path.join(dir, name);
      fs.writeFileSync(`${file}.tmp`, Buffer.concat(chunks));
      fs.renameSync(`${file}.tmp`, file);
      callback();
    });
  },
});
server.on("error", (e) => console.error(`[smtp-sink] ${e.message}`));
server.listen(port, "127.0.0.1", () => console.log(`[smtp-sink] listening on smtp://127.0.0.1:${port}, messages in ${dir}`));
for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => server.close(() => process.exit(0)));
