import "server-only";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { recipients } from "../db/schema";
import { DONE_STATUS, isDone, takesTurn } from "@/lib/schemas/requests";

export { DONE_STATUS, isDone, takesTurn };

/** The recipients who take a turn in the order (SIGNER, APPROVER, VIEWER), CC left out. */
export const actorsOf = <R extends { role: string }>(recs: R[]): R[] => recs.filter((r) => takesTurn(r.role));

/** Every recipient who takes a turn has done what their role asks (and there is at least one). */
export const everyoneDone = (recs: { role: string; status: string }[]) => {
  const actors = actorsOf(recs);
  return actors.length > 0 && actors.every(isDone);
};

/** What a recipient of this role is asked to do: the invitation mail says it. */
export const VERB: Record<string, "sign" | "approve" | "review"> = { SIGNER: "sign", APPROVER: "approve", VIEWER: "review" };

const unfinished = sql.join(
  Object.entries(DONE_STATUS).map(
    ([role, status]) =>
      sql`(${recipients.role} = ${role} and ${recipients.status} <> ${status} and ${recipients.status} <> 'RELEASED')`,
  ),
  sql` or `,
);
const actorRole = sql.join(
  Object.keys(DONE_STATUS).map((role) => sql`${role}`),
  sql`, `,
);

/** SQL: the request (its id column given) has a recipient who takes a turn and has not finished it. */
export const hasUnfinishedActor = (requestId: AnyColumn): SQL =>
  sql`exists (select 1 from ${recipients} where ${recipients.requestId} = ${requestId} and (${unfinished}))`;

/** SQL: the request has at least one recipient who takes a turn. */
export const hasActor = (requestId: AnyColumn): SQL =>
  sql`exists (select 1 from ${recipients} where ${recipients.requestId} = ${requestId} and ${recipients.role} in (${actorRole}))`;
