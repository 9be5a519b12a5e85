import "server-only";
import type { JobType } from "@/lib/schemas/states";
import type { JobContext } from "../jobs/queue";
import type { JobPayloads } from "../jobs/payloads";
import { deliverWebhook } from "../webhooks/deliver-webhook";
import { sweepExpired } from "../requests/expire-requests";
import { mailSenderNotice } from "../turns/notify-sender";
import { mailInvitation } from "../turns/mail-invitation";
import { notifyRecipient } from "../turns/notify-recipient";
import { mailSignerCode } from "../signing/mail-signer-code";
import { mailStaffLink } from "../staff/mail-staff-link";
import { mailVisitorCode } from "../public-links/mail-visitor-code";
import { dropStaleVisits } from "../public-links/visit-link";

/** One handler per job type, each given its type's parsed payload (lib/server/jobs/payloads.ts). */
export type JobHandlers = { [K in JobType]: (payload: JobPayloads[K], job: JobContext) => Promise<unknown> };

export const handlers: JobHandlers = {
  invitation: mailInvitation,
  notify: notifyRecipient,
  webhook: (p, job) => deliverWebhook(p.deliveryId, job.final),
  // Loaded when first needed: the sealing engine (fonts, crypto) is heavy and most processes seal rarely.
  seal: async (p, job) => (await import("../signing/seal-request")).sealRequest(p.requestId, job),
  sweep: async () => {
    const swept = await sweepExpired();
    // Public links' visitors: unconfirmed visits, and those whose request is gone.
    return { swept, visitsDropped: await dropStaleVisits() };
  },
  // Blobs and outbox files a sandbox purge let go of (left by a purge that stopped, or kept back for a while).
  "purge-blobs": async (p) => (await import("../purge/release-blobs")).runBlobRelease(p),
  "staff-link": (p, job) => mailStaffLink(p.linkId, job.id),
  "signer-code": mailSignerCode,
  // One request per row of a bulk send; resumable: each row's steps can be repeated (lib/server/bulk/run-bulk-send.ts).
  "bulk-send": async (p, job) => (await import("../bulk/run-bulk-send")).runBulkSend(p, job),
  "sender-notice": (p, job) => mailSenderNotice(p, job.id),
  "visitor-code": mailVisitorCode,
  "draw-pages": async (p) => (await import("../signing/signing-pages")).drawFirstPages(p.requestId),
};
