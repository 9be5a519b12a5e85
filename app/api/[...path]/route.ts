import { AppError } from "@/lib/server/errors";
import { errorResponse, withRequestId } from "@/lib/server/http/route";

// Any /api path that names no endpoint – an envelope 404 rather than an HTML page
const notFound = async (req: Request) =>
  withRequestId(req, () => errorResponse(new AppError("ENDPOINT_NOT_FOUND", `No endpoint at ${new URL(req.url).pathname}`)));
export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
