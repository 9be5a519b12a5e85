import crypto from "node:crypto";
import { expect } from "vitest";
import { getDb } from "@/lib/server/db";
import { staffUsers } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/errors";
import type { StaffIdentity } from "@/lib/server/staff/sessions";

const uniq = () => Math.random().toString(36).slice(2, 10);

/**
 * A staff member of `orgId`, as the use cases take one (a session id of their own). A password is set (its hash
 * is never checked by these tests): the account can sign in, as a team's admin can.
 */
export async function staffOf(
  orgId: string,
  role: "ADMIN" | "MEMBER",
  email = `${role.toLowerCase()}.${uniq()}@acme.test`,
): Promise<StaffIdentity> {
  const db = await getDb();
  const [row] = await db
    .insert(staffUsers)
    .values({ email, name: `${role} person`, role, orgId, passwordHash: "scrypt$set-for-the-test" })
    .returning();
  return { id: row!.id, email: row!.email, name: row!.name, role, orgId, sessionId: crypto.randomUUID() };
}

/** The AppError a use case refused with (the test fails if it resolved or threw something else). */
export async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}
