import "server-only";
import { ping } from "../db";

/** GET /api/health: resolves when the server can work, i.e. its database answers; throws otherwise. */
export async function checkHealth(): Promise<void> {
  await ping();
}
