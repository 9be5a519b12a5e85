import "server-only";

/**
 * The time the signer's steps act at: a signature's time, its audit event, the day its DATE fields
 * say and the day the signing page shows all come from one reading of this clock; so does the age of
 * GET /api/ready's answer (lib/server/health/check-ready.ts) and the moment a staff sign-in's wait is measured
 * from (lib/server/staff/sign-in-throttle.ts). A test sets the time with
 * `vi.spyOn(clock, "now")`, never the machine's clock. The database's own clock still decides what it decides
 * (link and session expiry, the other audit events).
 */
export const clock = { now: (): Date => new Date() };
