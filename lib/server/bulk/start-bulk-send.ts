import "server-only";
import { refuseSendingWithoutApproval } from "../auth/send-approval";
import {
  BULK_PREVIEW_ROWS,
  MAX_BULK_ROWS,
  type BulkRowError,
  type BulkSendDryRunDto,
  type BulkSendJson,
  type BulkSendStartedDto,
} from "@/lib/schemas/bulk";
import type { KeyAuth } from "../auth/authenticate";
import { keyActor } from "../audit/record-event";
import { getDb } from "../db";
import { bulkSendRows, bulkSends } from "../db/schema";
import { insertRow } from "../db/rows";
import { AppError } from "../errors";
import { enqueue } from "../jobs/queue";
import { findVisibleTemplate, loadTemplateDocuments } from "../templates/find-template";
import { loadTemplateRoles } from "../templates/template-roles";
import { ownerForm, throwFormProblems } from "../fields/form-guard";
import { templateOwner } from "../model/field-owner";
import { toBulkSendSummary } from "./dto";
import { CsvError, parseCsv, TooManyRecords } from "./parse-csv";
import { canonicalColumn, describe, templateColumns, validateRow, type TemplateColumns, type ValidRow } from "./validate-rows";

export type BulkInput = { kind: "csv"; file: File } | { kind: "json"; body: BulkSendJson };

interface RawRow {
  row: number;
  data: Record<string, string>;
  /** A problem found while reading (a record with the wrong number of values). */
  problem?: string;
}

const tooMany = (n: number | string) =>
  new AppError(
    "BULK_TOO_MANY_ROWS",
    `A bulk send has at most ${MAX_BULK_ROWS} rows; this one has ${n}. Split it into several; nothing was created.`,
    {
      details: { maxRows: MAX_BULK_ROWS, rows: n },
    },
  );

/** The CSV's text: UTF-8 (a BOM is allowed), not binary. A PDF or a spreadsheet file is a 400, not a parse of garbage. */
function csvText(bytes: Uint8Array): string {
  if (bytes.length === 0)
    throw new AppError("CSV_EMPTY", "The file is empty: a CSV with a header row and one row per request is expected", {
      details: { reason: "EMPTY" },
    });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("CSV_NOT_TEXT", 'The file is not a CSV: it is not UTF-8 text (save the spreadsheet as "CSV UTF-8")', {
      details: { reason: "NOT_CSV" },
    });
  }
  if (text.includes("\u0000"))
    throw new AppError("CSV_NOT_TEXT", "The file is not a CSV: it holds binary data", { details: { reason: "NOT_CSV" } });
  return text;
}

function readCsv(bytes: Uint8Array, cols: TemplateColumns): RawRow[] {
  let records;
  try {
    // Blank records do not count; twice the limit bounds the work on a huge file.
    records = parseCsv(csvText(bytes), { maxRecords: MAX_BULK_ROWS * 2 + 1 });
  } catch (e) {
    if (e instanceof CsvError)
      throw new AppError("CSV_MALFORMED", `The CSV is malformed: ${e.message}; nothing was created`, {
        details: { reason: "MALFORMED_CSV", line: e.line },
      });
    if (e instanceof TooManyRecords) throw tooMany(`more than ${MAX_BULK_ROWS * 2}`);
    throw e;
  }
  const blank = (cells: string[]) => cells.every((c) => c.trim() === "");
  const [header, ...rest] = records.filter((r) => !blank(r.cells));
  if (!header)
    throw new AppError("CSV_EMPTY", "The file is empty: a CSV with a header row and one row per request is expected", {
      details: { reason: "EMPTY" },
    });
  const names = header.cells.map((c) => c.trim());
  const mapped = names.map((n) => canonicalColumn(n, cols));
  const unknown = names.filter((n, i) => mapped[i] === null);
  const empty = names.some((n) => n === "");
  const dupes = mapped.filter((m, i) => m !== null && mapped.indexOf(m) !== i);
  const missing = cols.required.filter((c) => !mapped.includes(c));
  if (empty || unknown.length || dupes.length || missing.length) {
    const parts = [
      ...(missing.length ? [`missing column(s): ${missing.join(", ")}`] : []),
      ...(unknown.length ? [`unknown column(s): ${unknown.join(", ")}`] : []),
      ...(dupes.length ? [`column(s) given twice: ${[...new Set(dupes)].join(", ")}`] : []),
      ...(empty ? ["a column without a name"] : []),
    ];
    throw new AppError(
      "CSV_HEADER_MISMATCH",
      `The header row does not fit the template: ${parts.join("; ")}. It takes ${describe(cols)}; nothing was created`,
      {
        details: {
          reason: "HEADER",
          missing,
          unknown,
          duplicates: [...new Set(dupes)],
          expected: { required: cols.required, optional: cols.optional },
        },
      },
    );
  }
  if (rest.length > MAX_BULK_ROWS) throw tooMany(rest.length);
  return rest.map((r, i) => {
    const data: Record<string, string> = {};
    mapped.forEach((m, j) => (data[m!] = r.cells[j] ?? ""));
    const problem =
      r.cells.length !== names.length
        ? `Line ${r.line} has ${r.cells.length} value(s); the header has ${names.length}`
        : undefined;
    return { row: i + 1, data, problem };
  });
}

function readJson(body: BulkSendJson, cols: TemplateColumns): RawRow[] {
  if (body.rows.length > MAX_BULK_ROWS) throw tooMany(body.rows.length);
  return body.rows.map((r, i) => {
    const data: Record<string, string> = {};
    for (const [k, v] of Object.entries(r)) data[canonicalColumn(k, cols) ?? k] = String(v);
    return { row: i + 1, data };
  });
}

/**
 * POST /templates/{id}/bulk-send: reads and validates every row before anything is made. A dry run
 * stops there. Otherwise the bulk send, its rows (the invalid ones already FAILED) and the job that
 * sends them are written in one transaction: the job exists exactly when the rows do.
 */
export async function startBulkSend(
  auth: KeyAuth,
  templateId: string,
  input: BulkInput,
  opts: { dryRun: boolean },
): Promise<BulkSendStartedDto | BulkSendDryRunDto> {
  if (!opts.dryRun) refuseSendingWithoutApproval(auth, "a bulk send");
  const db = await getDb();
  const tpl = await findVisibleTemplate(db, auth, templateId);
  const cols = templateColumns(await loadTemplateDocuments(db, tpl.id), await loadTemplateRoles(db, tpl.id));
  if (cols.roles.length === 0) {
    throw new AppError(
      "TEMPLATE_HAS_NO_SIGNERS",
      "The template has no role (no anchor such as {{s1|signature|120|40}}, no field, none set with PUT /roles): there is nobody to send it to",
      {
        details: { reason: "NO_SIGNERS" },
      },
    );
  }
  // Every row's draft would be refused for the template's form as it stands (a role whose signatures may
  // all be left out, a rule that cannot stand): said once, before anything is made.
  throwFormProblems((await ownerForm(db, templateOwner(tpl.id))).problems);
  const raw = input.kind === "csv" ? readCsv(new Uint8Array(await input.file.arrayBuffer()), cols) : readJson(input.body, cols);
  if (raw.length === 0)
    throw new AppError("BULK_NO_ROWS", "There is no row to send: give one row per request under the header", {
      details: { reason: "NO_ROWS" },
    });

  const valid: ValidRow[] = [];
  const errors: BulkRowError[] = [];
  for (const r of raw) {
    const v = validateRow(r.row, r.data, cols);
    if (r.problem) errors.push({ row: r.row, errors: [{ field: "row", message: r.problem }, ...(v.ok ? [] : v.error.errors)] });
    else if (v.ok) valid.push(v.value);
    else errors.push(v.error);
  }

  if (opts.dryRun) {
    const bad = new Set(errors.map((e) => e.row));
    return {
      dryRun: true,
      total: raw.length,
      valid: valid.length,
      invalid: errors.length,
      columns: { required: cols.required, optional: cols.optional },
      preview: raw.slice(0, BULK_PREVIEW_ROWS).map((r) => ({ row: r.row, data: r.data, valid: !bad.has(r.row) })),
      errors,
    };
  }
  if (valid.length === 0) {
    throw new AppError("BULK_NO_VALID_ROWS", `No row can be sent: all ${raw.length} have errors; nothing was created`, {
      details: { reason: "NO_VALID_ROWS", rows: errors },
    });
  }

  const errorOf = new Map(errors.map((e) => [e.row, e.errors.map((x) => x.message).join("; ")]));
  const now = new Date();
  return db.transaction(async (tx) => {
    const bulk = await insertRow(
      tx,
      bulkSends,
      {
        orgId: auth.orgId,
        environment: auth.environment,
        templateId: tpl.id,
        createdBy: keyActor(auth).actor,
        status: "QUEUED",
        total: raw.length,
        failedCount: errors.length,
      },
      "the new bulk send",
    );
    const rows = raw.map((r) => ({
      bulkSendId: bulk.id,
      rowIndex: r.row,
      data: r.data,
      status: errorOf.has(r.row) ? "FAILED" : "PENDING",
      error: errorOf.get(r.row) ?? null,
      updatedAt: now,
    }));
    for (let i = 0; i < rows.length; i += 250) await tx.insert(bulkSendRows).values(rows.slice(i, i + 250));
    // The job runs as the key (or staff member) that started it: its requests are theirs, as usual.
    const { keyId, keyPrefix, orgId, plan, environment, rateLimitPerMinute, ip, userAgent, kind, staff } = auth;
    await enqueue(tx, "bulk-send", {
      bulkSendId: bulk.id,
      auth: { keyId, keyPrefix, orgId, plan, environment, rateLimitPerMinute, ip, userAgent, kind, staff },
    });
    return { ...toBulkSendSummary(bulk), errors };
  });
}
