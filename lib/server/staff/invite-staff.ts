import "server-only";
import { log } from "../log";
import { eq } from "drizzle-orm";
import { getDb, type Queryable } from "../db";
import { staffUsers } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError, validationError } from "../errors";
import { zInviteStaff, type InviteStaff } from "@/lib/schemas/staff";
import { actingAdmin } from "./acting-admin";
import { issueAndMailStaffLink, issueStaffLink } from "./staff-links";
import { staffStatus, type StaffDto } from "./list-staff";
import { asRole, type StaffIdentity, type StaffRole } from "./sessions";

/**
 * A staff account without a password, and its invitation link (INVITE, 72 h). E-mail addresses are
 * unique across the store (they are the sign-in name). `mail`: queue the invitation mail in the same
 * transaction; else the caller hands the link over itself (the CLI prints it).
 */
export async function createStaffAccount(
  tx: Queryable,
  input: { orgId: string; email: string; name: string; role: StaffRole; createdBy: string | null; mail: boolean },
) {
  const email = input.email.trim().toLowerCase();
  const [taken] = await tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
  if (taken) throw new AppError("STAFF_EMAIL_TAKEN", `${email} already has a staff account`);
  const user = oneRow(
    await tx
      .insert(staffUsers)
      .values({ email, name: input.name, role: input.role, orgId: input.orgId, passwordHash: null })
      .returning(),
    "the new staff account",
  );
  const link = input.mail
    ? await issueAndMailStaffLink(tx, user.id, "INVITE", input.createdBy)
    : await issueStaffLink(tx, user.id, "INVITE", input.createdBy);
  return { user, link };
}

/** An admin invites someone by e-mail: the account, and a mail with the one-time link to set a password. */
export async function inviteStaff(actor: StaffIdentity, body: InviteStaff): Promise<StaffDto> {
  const parsed = zInviteStaff.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, "body");
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    const admin = await actingAdmin(tx, actor);
    return (await createStaffAccount(tx, { orgId: admin.orgId, ...parsed.data, createdBy: admin.id, mail: true })).user;
  });
  log().info(`staff: ${actor.email} invited ${user.email} as ${user.role}`);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: asRole(user.role),
    status: staffStatus(user),
    lastSeenAt: null,
    createdAt: user.createdAt.toISOString(),
  };
}
