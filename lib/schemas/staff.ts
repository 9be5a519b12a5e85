import { z } from "zod";
import { zLocale } from "./locale";
import { zRecipientName } from "./requests";

import { STAFF_ROLES, type StaffSignInMethod } from "./states";

export { STAFF_ROLES };
export const zStaffRole = z.enum(STAFF_ROLES, { error: "role must be ADMIN or MEMBER" });

/** Staff passwords: at least 10 characters (scrypt-hashed); the sign-in form takes at most 1000. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 1000;
export const zPassword = z
  .string({ error: "password is required" })
  .min(PASSWORD_MIN, { error: `password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `password must be at most ${PASSWORD_MAX} characters` });

/** A new password, typed twice. */
export const zNewPassword = z
  .object({ password: zPassword, repeat: z.string({ error: "repeat the password" }) })
  .refine((b) => b.password === b.repeat, { error: "The two passwords differ", path: ["repeat"] });

/** A staff member's name goes into the To header of their mails and onto audit trails: the recipient-name rules. */
export const zInviteStaff = z.object({
  name: zRecipientName,
  email: z.email({ error: "email must be a valid e-mail address" }).max(320),
  role: zStaffRole.default("MEMBER"),
});
export type InviteStaff = z.input<typeof zInviteStaff>;

/**
 * What a staff member changes of their own account: the name signers read ("Message from …", "… via Signet")
 * with the recipient-name rules, and the language of the mails Signet sends them (null: English).
 */
export const zOwnProfile = z.object({ name: zRecipientName, locale: zLocale.nullable() });
export type OwnProfile = z.output<typeof zOwnProfile>;

/** What a staff server action answers its form: a message to show, and the fields at fault. */
export interface ActionResult {
  ok: boolean;
  message: string;
  errors?: { field: string; message: string }[];
}

export type StaffRole = (typeof STAFF_ROLES)[number];
/** INVITED: no password set yet (the invitation link not used). */
export type StaffStatus = "ACTIVE" | "INVITED" | "DEACTIVATED";

/** A staff member as the team page shows them. */
export interface StaffDto {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  status: StaffStatus;
  lastSeenAt: string | null;
  createdAt: string;
}

/** A signed-in browser as the account page shows it. */
export interface SessionDto {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** This browser's own session. */
  current: boolean;
  /** How it was opened: a password, or single sign-on through the connection named. */
  method: StaffSignInMethod;
  connectionName: string | null;
}
