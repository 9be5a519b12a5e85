// Rewrites docs/api.md's "Error codes" table from the catalog in lib/server/errors.ts:
//   npx tsx scripts/error-codes-doc.ts
// lib/server/errors.test.ts fails while the two differ.
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { ERROR_CODES_END, ERROR_CODES_START, errorCodesMarkdown } from "../lib/server/errors";

const file = fileURLToPath(new URL("../docs/api.md", import.meta.url));
const text = fs.readFileSync(file, "utf8");
const start = text.indexOf(ERROR_CODES_START);
const end = text.indexOf(ERROR_CODES_END);
if (start < 0 || end < start) throw new Error(`docs/api.md has no ${ERROR_CODES_START} … ${ERROR_CODES_END} markers`);
const next = `${text.slice(0, start + ERROR_CODES_START.length)}\n${errorCodesMarkdown()}\n${text.slice(end)}`;
if (next === text) console.log("docs/api.md: the error code table is up to date");
else {
  fs.writeFileSync(file, next);
  console.log("docs/api.md: the error code table was rewritten");
}
