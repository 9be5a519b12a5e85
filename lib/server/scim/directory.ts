import "server-only";
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { getDb, type Queryable } from "../db";
import { scimGroupMembers, scimGroups, staffUsers } from "../db/schema";
import { log } from "../log";
import { canSignInWithSso } from "../staff/acting-admin";
import { revokeAllStaffSessions } from "../staff/sessions";
import { expireStaffLinks } from "../staff/staff-links";
import { scimSettings } from "./tokens";

/**
 * The organization's staff and groups as a SCIM client reads and writes them (RFC 7643's User and Group), on
 * Signet's own tables: a User is a staff account (userName its e-mail address), a Group a provisioned group
 * whose members become admins when its name is one of the organization's admin groups. Every function works
 * within one organization; another organization's id is not found. Failures are ScimFault (status, scimType,
 * detail): the HTTP layer answers them in the RFC's error shape.
 */
export class ScimFault extends Error {
  constructor(
    readonly status: number,
    readonly scimType: string | null,
    detail: string,
  ) {
    super(detail);
    this.name = "ScimFault";
  }
}

type StaffRow = typeof staffUsers.$inferSelect;
type GroupRow = typeof scimGroups.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A User as SCIM shows it. */
export interface ScimUser {
  id: string;
  userName: string;
  externalId?: string;
  displayName: string;
  name: { formatted: string };
  emails: { value: string; type: "work"; primary: true }[];
  active: boolean;
  groups: { value: string; display: string }[];
  meta: { resourceType: "User"; created: string; lastModified: string };
}

export interface ScimGroup {
  id: string;
  displayName: string;
  externalId?: string;
  members: { value: string; display: string }[];
  meta: { resourceType: "Group"; created: string; lastModified: string };
}

/** What a client sends for a User, as SCIMMY read it against the schema. */
export interface UserInput {
  userName?: string;
  externalId?: string;
  displayName?: string;
  name?: { formatted?: string; givenName?: string; familyName?: string };
  emails?: { value?: string; primary?: boolean }[];
  active?: boolean;
}

export interface GroupInput {
  displayName?: string;
  externalId?: string;
  members?: { value?: string }[];
}

function userOut(u: StaffRow, groups: { value: string; display: string }[]): ScimUser {
  return {
    id: u.id,
    userName: u.email,
    ...(u.externalId ? { externalId: u.externalId } : {}),
    displayName: u.name,
    name: { formatted: u.name },
    emails: [{ value: u.email, type: "work", primary: true }],
    active: !u.deactivatedAt,
    groups,
    meta: { resourceType: "User", created: u.createdAt.toISOString(), lastModified: u.updatedAt.toISOString() },
  };
}

/** Every User of the organization, or the one with this id. */
export async function readUsers(orgId: string, id?: string): Promise<ScimUser[]> {
  if (id !== undefined && !UUID.test(id)) return [];
  const db = await getDb();
  const users = await db
    .select()
    .from(staffUsers)
    .where(id === undefined ? eq(staffUsers.orgId, orgId) : and(eq(staffUsers.orgId, orgId), eq(staffUsers.id, id)))
    .orderBy(asc(staffUsers.createdAt), asc(staffUsers.id));
  const memberships = users.length
    ? await db
        .select({ staffId: scimGroupMembers.staffId, id: scimGroups.id, name: scimGroups.displayName })
        .from(scimGroupMembers)
        .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
        .where(eq(scimGroups.orgId, orgId))
    : [];
  return users.map((u) =>
    userOut(
      u,
      memberships.filter((m) => m.staffId === u.id).map((m) => ({ value: m.id, display: m.name })),
    ),
  );
}

function cleanText(v: unknown, field: string, max: number): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw new ScimFault(400, "invalidValue", `${field} must be a string`);
  const s = v.trim();
  if (CONTROL.test(s)) throw new ScimFault(400, "invalidValue", `${field} must not hold control characters`);
  if (s.length > max) throw new ScimFault(400, "invalidValue", `${field} must be at most ${max} characters`);
  return s;
}

/** The account's address: userName when it is one, else the primary (or first) e-mail. */
function emailOf(input: UserInput): string {
  const userName = cleanText(input.userName, "userName", 320);
  const mail = (input.emails ?? []).find((e) => e.primary) ?? input.emails?.[0];
  const candidate = userName && EMAIL.test(userName) ? userName : cleanText(mail?.value, "emails.value", 320);
  if (!candidate || !EMAIL.test(candidate))
    throw new ScimFault(
      400,
      "invalidValue",
      "userName (or a primary e-mail) must be an e-mail address: Signet's accounts are addresses",
    );
  return candidate.toLowerCase();
}

function nameOf(input: UserInput, email: string): string {
  const given = cleanText(input.name?.givenName, "name.givenName", 100);
  const family = cleanText(input.name?.familyName, "name.familyName", 100);
  const name =
    cleanText(input.displayName, "displayName", 200) ||
    cleanText(input.name?.formatted, "name.formatted", 200) ||
    [given, family].filter(Boolean).join(" ") ||
    email.split("@")[0]!;
  return name.slice(0, 200);
}

/** Another active admin who can sign in remains in the organization without `staffId` (rows locked: no race). */
async function otherAdminRemains(tx: Queryable, orgId: string, staffId: string): Promise<boolean> {
  const admins = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.orgId, orgId),
        eq(staffUsers.role, "ADMIN"),
        isNull(staffUsers.deactivatedAt),
        or(isNotNull(staffUsers.passwordHash), canSignInWithSso),
      ),
    )
    .orderBy(asc(staffUsers.id))
    .for("update");
  return admins.some((a) => a.id !== staffId);
}

const lastAdmin = () =>
  new ScimFault(409, null, "This is the organization's last active admin: Signet keeps one (make another admin first)");

/** Deactivated: no sign-in, every session ended (the next click is refused), open links expired. */
async function deactivate(tx: Queryable, u: StaffRow): Promise<void> {
  if (u.deactivatedAt) return;
  if (u.role === "ADMIN" && !(await otherAdminRemains(tx, u.orgId, u.id))) throw lastAdmin();
  await tx.update(staffUsers).set({ deactivatedAt: new Date(), updatedAt: new Date() }).where(eq(staffUsers.id, u.id));
  await expireStaffLinks(tx, u.id);
  const ended = await revokeAllStaffSessions(tx, u.id);
  log().info({ staff: u.id, sessionsEnded: ended }, "scim: staff member deactivated");
}

async function userRow(tx: Queryable, orgId: string, id: string): Promise<StaffRow> {
  const [row] = UUID.test(id)
    ? await tx
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.orgId, orgId), eq(staffUsers.id, id)))
        .for("update")
    : [];
  if (!row) throw new ScimFault(404, null, `Resource ${id} not found`);
  return row;
}

async function assertAddressFree(tx: Queryable, email: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(exceptId ? and(eq(staffUsers.email, email), ne(staffUsers.id, exceptId)) : eq(staffUsers.email, email));
  if (taken) throw new ScimFault(409, "uniqueness", `A staff account with the userName ${email} already exists`);
}

/**
 * Creates (id undefined) or replaces a User. A new account is a MEMBER without a password (it signs in through
 * the organization's single sign-on, or an admin sends it a reset); active false deactivates it, true lets it
 * in again.
 */
export async function writeUser(orgId: string, id: string | undefined, input: UserInput): Promise<ScimUser> {
  const email = emailOf(input);
  const name = nameOf(input, email);
  const externalId = cleanText(input.externalId, "externalId", 500) ?? null;
  if (input.active !== undefined && typeof input.active !== "boolean")
    throw new ScimFault(400, "invalidValue", "active must be true or false");
  const db = await getDb();
  const staffId = await db.transaction(async (tx) => {
    if (id === undefined) {
      await assertAddressFree(tx, email);
      const [row] = await tx
        .insert(staffUsers)
        .values({
          email,
          name,
          role: "MEMBER",
          orgId,
          externalId,
          deactivatedAt: input.active === false ? new Date() : null,
        })
        .onConflictDoNothing({ target: staffUsers.email })
        .returning();
      if (!row) throw new ScimFault(409, "uniqueness", `A staff account with the userName ${email} already exists`);
      log().info({ staff: row.id }, "scim: staff member made");
      return row.id;
    }
    const u = await userRow(tx, orgId, id);
    if (email !== u.email) await assertAddressFree(tx, email, u.id);
    await tx
      .update(staffUsers)
      .set({ email, name, externalId: externalId ?? u.externalId, updatedAt: new Date() })
      .where(eq(staffUsers.id, u.id));
    if (input.active === false) await deactivate(tx, u);
    if (input.active === true && u.deactivatedAt)
      await tx.update(staffUsers).set({ deactivatedAt: null }).where(eq(staffUsers.id, u.id));
    return u.id;
  });
  return (await readUsers(orgId, staffId))[0]!;
}

/** Deletes a User: the account goes (its sessions, links and memberships with it); the last admin stays. */
export async function deleteUser(orgId: string, id: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const u = await userRow(tx, orgId, id);
    if (u.role === "ADMIN" && !u.deactivatedAt && !(await otherAdminRemains(tx, orgId, u.id))) throw lastAdmin();
    await tx.delete(staffUsers).where(eq(staffUsers.id, u.id));
  });
  log().info({ staff: id }, "scim: staff member deleted");
}

function groupOut(g: GroupRow, members: { value: string; display: string }[]): ScimGroup {
  return {
    id: g.id,
    displayName: g.displayName,
    ...(g.externalId ? { externalId: g.externalId } : {}),
    members,
    meta: { resourceType: "Group", created: g.createdAt.toISOString(), lastModified: g.updatedAt.toISOString() },
  };
}

export async function readGroups(orgId: string, id?: string): Promise<ScimGroup[]> {
  if (id !== undefined && !UUID.test(id)) return [];
  const db = await getDb();
  const groups = await db
    .select()
    .from(scimGroups)
    .where(id === undefined ? eq(scimGroups.orgId, orgId) : and(eq(scimGroups.orgId, orgId), eq(scimGroups.id, id)))
    .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id));
  const members = groups.length
    ? await db
        .select({ groupId: scimGroupMembers.groupId, value: staffUsers.id, display: staffUsers.email })
        .from(scimGroupMembers)
        .innerJoin(staffUsers, eq(staffUsers.id, scimGroupMembers.staffId))
        .where(
          inArray(
            scimGroupMembers.groupId,
            groups.map((g) => g.id),
          ),
        )
    : [];
  return groups.map((g) =>
    groupOut(
      g,
      members.filter((m) => m.groupId === g.id).map(({ value, display }) => ({ value, display })),
    ),
  );
}

/**
 * Members' roles follow the admin groups, when the organization named any: ADMIN in one of them, else MEMBER.
 * A demotion that would leave no active admin is not made (logged): provisioning never locks the
 * organization out.
 */
async function settleRoles(tx: Queryable, orgId: string, staffIds: string[]): Promise<void> {
  const { adminGroups } = await scimSettings(tx, orgId);
  if (!adminGroups.length || !staffIds.length) return;
  const rows = await tx
    .select({ staffId: scimGroupMembers.staffId })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(
      and(eq(scimGroups.orgId, orgId), inArray(scimGroups.displayName, adminGroups), inArray(scimGroupMembers.staffId, staffIds)),
    );
  const admins = new Set(rows.map((r) => r.staffId));
  const users = await tx
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.orgId, orgId), inArray(staffUsers.id, staffIds)));
  for (const u of users) {
    const role = admins.has(u.id) ? "ADMIN" : "MEMBER";
    if (role === u.role) continue;
    if (role === "MEMBER" && !u.deactivatedAt && !(await otherAdminRemains(tx, orgId, u.id))) {
      log().warn({ staff: u.id }, "scim: the last active admin keeps the role although no admin group lists them");
      continue;
    }
    await tx.update(staffUsers).set({ role, updatedAt: new Date() }).where(eq(staffUsers.id, u.id));
    log().info({ staff: u.id, role }, "scim: role follows the admin groups");
  }
}

/** Creates (id undefined) or replaces a Group and its members (staff of the organization, by id). */
export async function writeGroup(orgId: string, id: string | undefined, input: GroupInput): Promise<ScimGroup> {
  const displayName = cleanText(input.displayName, "displayName", 200);
  if (!displayName) throw new ScimFault(400, "invalidValue", "displayName is required");
  const externalId = cleanText(input.externalId, "externalId", 500) ?? null;
  const wanted = [...new Set((input.members ?? []).map((m) => String(m.value ?? "")))];
  if (wanted.length > 10_000) throw new ScimFault(400, "invalidValue", "A group has at most 10000 members here");
  if (wanted.some((v) => !UUID.test(v))) throw new ScimFault(400, "invalidValue", "Each member's value must be a User id");
  const db = await getDb();
  const groupId = await db.transaction(async (tx) => {
    const members = wanted.length
      ? await tx
          .select({ id: staffUsers.id })
          .from(staffUsers)
          .where(and(eq(staffUsers.orgId, orgId), inArray(staffUsers.id, wanted)))
      : [];
    if (members.length !== wanted.length) throw new ScimFault(400, "invalidValue", "A member is not a User of this organization");
    const [clash] = await tx
      .select({ id: scimGroups.id })
      .from(scimGroups)
      .where(and(eq(scimGroups.orgId, orgId), eq(scimGroups.displayName, displayName)));
    if (clash && clash.id !== id) throw new ScimFault(409, "uniqueness", `A group named ${displayName} already exists`);
    let gid: string;
    let before: string[] = [];
    if (id === undefined) {
      const [row] = await tx.insert(scimGroups).values({ orgId, displayName, externalId }).returning({ id: scimGroups.id });
      gid = row!.id;
    } else {
      const [row] = UUID.test(id)
        ? await tx
            .update(scimGroups)
            .set({ displayName, externalId: externalId ?? sql`${scimGroups.externalId}`, updatedAt: new Date() })
            .where(and(eq(scimGroups.orgId, orgId), eq(scimGroups.id, id)))
            .returning({ id: scimGroups.id })
        : [];
      if (!row) throw new ScimFault(404, null, `Resource ${id} not found`);
      gid = row.id;
      before = (
        await tx.select({ s: scimGroupMembers.staffId }).from(scimGroupMembers).where(eq(scimGroupMembers.groupId, gid))
      ).map((r) => r.s);
      await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.groupId, gid));
    }
    if (wanted.length) await tx.insert(scimGroupMembers).values(wanted.map((staffId) => ({ groupId: gid, staffId })));
    await settleRoles(tx, orgId, [...new Set([...before, ...wanted])]);
    return gid;
  });
  return (await readGroups(orgId, groupId))[0]!;
}

export async function deleteGroup(orgId: string, id: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const members = UUID.test(id)
      ? (
          await tx
            .select({ s: scimGroupMembers.staffId })
            .from(scimGroupMembers)
            .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
            .where(and(eq(scimGroups.orgId, orgId), eq(scimGroups.id, id)))
        ).map((r) => r.s)
      : [];
    const gone = UUID.test(id)
      ? await tx
          .delete(scimGroups)
          .where(and(eq(scimGroups.orgId, orgId), eq(scimGroups.id, id)))
          .returning({ id: scimGroups.id })
      : [];
    if (!gone.length) throw new ScimFault(404, null, `Resource ${id} not found`);
    await settleRoles(tx, orgId, members);
  });
}
