import "server-only";
import { isUuid } from "./auth/scope";
import { AppError } from "./errors";

// List cursors are the (createdAt, id) of the last item seen, so pages stay stable while rows are added.
export const encodeCursor = (createdAt: Date, id: string) =>
  Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError("CURSOR_INVALID", "cursor is not valid", {
      errors: [{ field: "cursor", message: "cursor is not valid" }],
    });
  }
  return { createdAt, id };
}
