import "server-only";

/**
 * The other recipients a decline tells, besides the sender (who always is): those the request reached so far
 * (invited, signed, approved, viewed) and every CC. Recipients whose turn never came are not told of a
 * request they never saw. The decline mails them; the pages say "the sender and the others were told" only
 * when this is not empty, "the sender was told" otherwise.
 */
export const toldOfDecline = <R extends { id: string; status: string; role: string }>(all: readonly R[], declinerId: string) =>
  all.filter((o) => o.id !== declinerId && (o.status !== "PENDING" || o.role === "CC"));
