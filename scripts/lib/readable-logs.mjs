// `npm run up` is run by a person at a terminal: the server's JSON log lines are shown as short lines
// ("12:00:01 info  message  key=value"), and its start as the banner of URL, staff login and sandbox
// key. On a store's first start the password and key come from DATA_DIR/first-start.txt (the log
// never holds them), which is deleted once shown. LOG_FORMAT=json passes the lines through as they are.
import fs from "node:fs";
import readline from "node:readline";

const LEVEL_WIDTH = 5;

function banner(line) {
  let password = "";
  let sandboxKey = "";
  if (line.firstStartFile) {
    try {
      const text = fs.readFileSync(line.firstStartFile, "utf8");
      password = /^Staff login: \S+ \/ (\S+)$/m.exec(text)?.[1] ?? "";
      sandboxKey = /^Sandbox key: (\S+)$/m.exec(text)?.[1] ?? "";
      fs.rmSync(line.firstStartFile, { force: true });
    } catch {
      /* shown already */
    }
  }
  const login =
    password ||
    (process.env.ADMIN_PASSWORD ? "(the ADMIN_PASSWORD you set)" : "(shown at first start; set ADMIN_PASSWORD to change it)");
  const key = sandboxKey
    ? `Sandbox key: ${sandboxKey}   (shown once: store it now)`
    : line.bootstrapKey
      ? `API key:     SIGNET_BOOTSTRAP_KEY (${line.bootstrapKey})`
      : "Sandbox key: shown at first start; make another with: npm run signet -- keys create --name NAME (server stopped)";
  return [
    "",
    "  Signet is running",
    `  URL:         ${line.url}`,
    `  Staff login: ${line.staffLogin} / ${login}`,
    `  ${key}`,
    `  API docs:    ${line.apiDocs}`,
    "",
  ].join("\n");
}

function readable(o) {
  const { level, time, msg, pid: _pid, ...rest } = o;
  const extras = Object.entries(rest)
    .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(" ");
  const clock = typeof time === "string" ? time.slice(11, 19) : "";
  return `${clock} ${String(level).padEnd(LEVEL_WIDTH)} ${msg ?? ""}${extras ? `  ${extras}` : ""}`;
}

/** Writes the server's stdout to this process's, readable. */
export function showReadable(stream) {
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  lines.on("line", (text) => {
    let o;
    try {
      o = JSON.parse(text);
    } catch {
      return void console.log(text);
    }
    if (!o || typeof o !== "object" || typeof o.level !== "string") return void console.log(text);
    if (typeof o.msg === "string" && o.msg.startsWith("Signet is running") && o.url) return void console.log(banner(o));
    console.log(readable(o));
  });
}
