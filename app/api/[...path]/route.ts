import { envelope, json } from "@/lib/server/http/envelope";

// Any /api path that names no endpoint – an envelope 404 rather than an HTML page
const notFound = async (req: Request) => json(envelope(404, `No endpoint at ${new URL(req.url).pathname}`, null), 404);
export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
