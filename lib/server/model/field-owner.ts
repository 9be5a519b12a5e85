import "server-only";
import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../db";
import { fields, requestDocuments, templateDocuments, templateFields } from "../db/schema";
import { oneRow } from "../db/rows";
import type { FieldColumns } from "./field-row";

/**
 * Who a field belongs to: a request (the field is for one of its recipients) or a template (for one of
 * its roles). Its fields are stored in the owner's table with the same columns (fieldColumns() in the
 * schema); only the owner's and the assignee's columns differ.
 */
export type FieldOwner = { kind: "request"; requestId: string } | { kind: "template"; templateId: string };
export type RequestOwner = Extract<FieldOwner, { kind: "request" }>;
export type TemplateOwner = Extract<FieldOwner, { kind: "template" }>;
export const requestOwner = (requestId: string): RequestOwner => ({ kind: "request", requestId });
export const templateOwner = (templateId: string): TemplateOwner => ({ kind: "template", templateId });

/** The row a stored field is, with its assignee (a recipient's id, or a role's) under one name. */
type Assigned<Row> = Row & { assigneeId: string };
export type StoredRequestField = Assigned<typeof fields.$inferSelect>;
export type StoredTemplateField = Assigned<typeof templateFields.$inferSelect>;
export type StoredField = StoredRequestField | StoredTemplateField;
/** Whether a stored field is a request's (it has a recipient). */
export const isRequestField = (r: StoredField): r is StoredRequestField => "recipientId" in r;

/** The table that holds the owner's fields, its id, and the columns that name the owner and the assignee. */
function tableOf(owner: FieldOwner) {
  return owner.kind === "request"
    ? {
        table: fields,
        id: owner.requestId,
        owner: fields.requestId,
        assignee: fields.recipientId,
        documentPosition: sql`(select ${requestDocuments.position} from ${requestDocuments} where ${requestDocuments.id} = ${fields.documentId})`,
      }
    : {
        table: templateFields,
        id: owner.templateId,
        owner: templateFields.templateId,
        assignee: templateFields.roleId,
        documentPosition: sql`(select ${templateDocuments.position} from ${templateDocuments} where ${templateDocuments.id} = ${templateFields.documentId})`,
      };
}

/** Where a field stands beyond its page and box, and who it is for: its assignee (a recipient, a role) and its document. */
export interface Placement {
  assigneeId: string;
  documentId: string;
}

/** The columns a field's owner, assignee and document are stored in. */
function ownedBy(owner: FieldOwner, { assigneeId, documentId }: Placement) {
  if (owner.kind === "template") return { templateId: owner.templateId, roleId: assigneeId, documentId };
  return { requestId: owner.requestId, recipientId: assigneeId, documentId };
}

/** What the owner's table answers, with the assignee under one name. */
const stored = (t: ReturnType<typeof tableOf>) => ({ ...getTableColumns(t.table), assigneeId: t.assignee });

/**
 * The owner's fields (those `where` picks, else all), in reading order: document, page, top, left, then the
 * order they came in.
 */
export function selectFields(db: Queryable, owner: RequestOwner, where?: SQL): Promise<StoredRequestField[]>;
export function selectFields(db: Queryable, owner: TemplateOwner, where?: SQL): Promise<StoredTemplateField[]>;
export function selectFields(db: Queryable, owner: FieldOwner, where?: SQL): Promise<StoredField[]>;
export function selectFields(db: Queryable, owner: FieldOwner, where?: SQL): Promise<StoredField[]> {
  const t = tableOf(owner);
  return db
    .select(stored(t))
    .from(t.table)
    .where(and(eq(t.owner, t.id), where))
    .orderBy(asc(t.documentPosition), asc(t.table.page), asc(t.table.y), asc(t.table.x), asc(t.table.createdAt));
}

/** The owner's fields of one id (none when it is another owner's). */
export const fieldWithId = (owner: FieldOwner, id: string) => eq(tableOf(owner).table.id, id);
/** The owner's RADIO buttons, of one group and assignee when given. */
export function radioButtons(owner: FieldOwner, of?: { assigneeId: string; group: string }) {
  const t = tableOf(owner);
  return and(eq(t.table.type, "RADIO"), of && eq(t.assignee, of.assigneeId), of && eq(t.table.group, of.group));
}

/** The owner's fields on one of its documents. */
export const fieldsOnDocument = (owner: FieldOwner, documentId: string) => eq(tableOf(owner).table.documentId, documentId);

/** How many fields the owner has (those `where` picks, else all). */
export async function countFields(db: Queryable, owner: FieldOwner, where?: SQL): Promise<number> {
  const t = tableOf(owner);
  const { n } = oneRow(
    await db
      .select({ n: count() })
      .from(t.table)
      .where(and(eq(t.owner, t.id), where)),
    "COUNT(*)",
  );
  return Number(n);
}

/** Stores fields, each for its assignee; returns them as stored, in the order given. */
export async function insertFieldRows(
  tx: Queryable,
  owner: FieldOwner,
  rows: (FieldColumns & Placement)[],
): Promise<StoredField[]> {
  const t = tableOf(owner);
  return tx
    .insert(t.table)
    .values(rows.map(({ assigneeId, documentId, ...columns }) => ({ ...ownedBy(owner, { assigneeId, documentId }), ...columns })))
    .returning(stored(t));
}

/** Changes the owner's fields `where` picks (their placement too, when given); returns them as they now are. */
export async function updateFieldRows(
  tx: Queryable,
  owner: FieldOwner,
  where: SQL | undefined,
  { placement, ...columns }: Partial<FieldColumns> & { placement?: Placement },
): Promise<StoredField[]> {
  const t = tableOf(owner);
  const { requestId: _requestId, templateId: _templateId, ...placed } = placement === undefined ? {} : ownedBy(owner, placement);
  return tx
    .update(t.table)
    .set({ ...columns, ...placed })
    .where(and(eq(t.owner, t.id), where))
    .returning(stored(t));
}

export async function deleteFieldRows(tx: Queryable, owner: FieldOwner, where: SQL | undefined): Promise<void> {
  const t = tableOf(owner);
  await tx.delete(t.table).where(and(eq(t.owner, t.id), where));
}

/** The owner's fields with these ids. */
export const fieldsWithIds = (owner: FieldOwner, ids: string[]) => inArray(tableOf(owner).table.id, ids);
