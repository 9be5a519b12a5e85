import "server-only";
import { and, eq, or, between, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { config } from "../config";
import type { Queryable } from "../db";
import { AppError } from "../errors";

/**
 * The ordered documents of a request or a template: their names, their limits (MAX_DOCUMENTS,
 * MAX_REQUEST_MB, MAX_REQUEST_PAGES, the same for both, since a request is made from a template's), and
 * their places 1…n.
 */

/** Whose documents these are, as messages name it. */
export type DocumentsOwner = "request" | "template";

/** A document's name from its file: the file's name without folders, else "Document n". */
export function documentNameOf(fileName: string | null | undefined, position: number): string {
  const base = (fileName ?? "").split(/[\\/]/).pop()?.trim() ?? "";
  return base === "" ? `Document ${position}` : base.slice(0, 200);
}

/** 422 unless the owner may have `n` documents. */
export function judgeDocumentCount(n: number, owner: DocumentsOwner = "request") {
  if (n > config.maxDocuments) {
    throw new AppError("TOO_MANY_DOCUMENTS", `A ${owner} has at most ${config.maxDocuments} documents`, {
      details: { limit: config.maxDocuments, documents: n },
    });
  }
}

/** A document's weight against the limits (a DOCX's pages are not known before it is filled: null counts none). */
export type Sized = { size: number; pageCount: number | null };

/** 422 unless the documents there are with those added stay within the limits. */
export function judgeDocumentLimits(existing: readonly Sized[], adding: readonly Sized[], owner: DocumentsOwner = "request") {
  const all = [...existing, ...adding];
  judgeDocumentCount(all.length, owner);
  const bytes = all.reduce((n, d) => n + d.size, 0);
  if (bytes > config.maxRequestBytes) {
    const mb = Math.round(config.maxRequestBytes / 1024 / 1024);
    throw new AppError("DOCUMENTS_TOO_LARGE", `A ${owner}'s documents together are at most ${mb} MB`, {
      details: { limit: config.maxRequestBytes, size: bytes },
    });
  }
  const pages = all.reduce((n, d) => n + (d.pageCount ?? 0), 0);
  if (pages > config.maxRequestPages) {
    throw new AppError(
      "DOCUMENTS_TOO_MANY_PAGES",
      `A ${owner}'s documents together have at most ${config.maxRequestPages} pages`,
      {
        details: { limit: config.maxRequestPages, pages },
      },
    );
  }
}

/** The place a document asked to stand at: 1 to `count`, else a 400 naming the range. */
export function judgeOrder(order: number, count: number): number {
  if (!Number.isInteger(order) || order < 1 || order > count) {
    throw new AppError("VALIDATION_FAILED", `order must be from 1 to ${count}`, {
      errors: [{ field: "order", message: `order must be from 1 to ${count}` }],
    });
  }
  return order;
}

/** A table of ordered documents: its id, its name, its place, and the column naming their owner. */
export interface OrderedDocuments {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  position: PgColumn;
  owner: PgColumn;
}

/** Gives a document a new name. */
export async function renameDocumentRow(tx: Queryable, t: OrderedDocuments, id: string, name: string) {
  await tx.execute(sql`update ${t.table} set ${sql.identifier(t.name.name)} = ${name} where ${eq(t.id, id)}`);
}

/** Removes a document's row (what hangs on it goes by ON DELETE CASCADE). */
export async function deleteDocumentRow(tx: Queryable, t: OrderedDocuments, id: string) {
  await tx.execute(sql`delete from ${t.table} where ${eq(t.id, id)}`);
}

/** Moves a document to `to`, shifting those between by one: places stay 1…n. One statement. */
export async function moveDocumentTo(
  tx: Queryable,
  t: OrderedDocuments,
  ownerId: string,
  doc: { id: string; position: number },
  to: number,
) {
  const from = doc.position;
  if (to === from) return;
  const [lo, hi, step] = to < from ? [to, from - 1, 1] : [from + 1, to, -1];
  await tx.execute(sql`
    update ${t.table} set ${sql.identifier(t.position.name)} =
      case when ${t.id} = ${doc.id} then ${to}::integer else ${t.position} + ${step}::integer end
    where ${and(eq(t.owner, ownerId), or(eq(t.id, doc.id), between(t.position, lo, hi)))}`);
}
