import { z } from "zod";
import { ENVIRONMENTS } from "./states";

export const zEnvironment = z.enum(ENVIRONMENTS);
export const zId = z.string().max(100);
export const zIdParams = z.object({ id: zId });

/** A file part of a multipart body. */
export const zFile = z
  .custom<File>((v) => typeof File !== "undefined" && v instanceof File, { error: "Expected a file" })
  .meta({ type: "string", format: "binary" });

export const zPageSize = z.object({ width: z.number(), height: z.number() });
