import "server-only";
import { eq } from "drizzle-orm";
import type { Locale } from "@/lib/i18n/locales";
import type { Queryable } from "../db";
import { recipients } from "../db/schema";

/**
 * Keeps the language the signer's page was shown in, as the page reported it with a save or an act:
 * their later mails (reminders, the completed mail) speak what they read. In the caller's transaction.
 */
export async function keepPageLocale(
  tx: Queryable,
  r: { id: string; pageLocale: string | null },
  locale: Locale | undefined,
): Promise<void> {
  if (!locale || locale === r.pageLocale) return;
  await tx.update(recipients).set({ pageLocale: locale }).where(eq(recipients.id, r.id));
}
