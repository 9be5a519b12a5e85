import { customType, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** bytea: node-postgres gives a Buffer, PGlite a Uint8Array; both are Uint8Arrays. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * Documents kept in the database (BLOB_STORE=postgres, the default with a PostgreSQL server): one row
 * per blob, its bytes in chunks of at most 1 MiB (a PDF of 25 MB is never one parameter or one
 * value). A blob is visible only once its transaction has written every chunk.
 */
export const blobObjects = pgTable("blob_objects", {
  sha256: text("sha256").primaryKey(),
  size: integer("size").notNull(),
  chunks: integer("chunks").notNull(),
  /** Written, or written again (`put` of bytes already stored): the purge spares a blob touched lately. */
  touchedAt: timestamp("touched_at", { withTimezone: true, mode: "date" }).notNull(),
});

export const blobChunks = pgTable(
  "blob_chunks",
  {
    sha256: text("sha256")
      .notNull()
      .references(() => blobObjects.sha256, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  // The primary key (sha256, seq) is also the index a read goes by.
  (t) => [primaryKey({ columns: [t.sha256, t.seq] })],
);
