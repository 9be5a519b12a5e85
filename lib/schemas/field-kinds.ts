import type { FieldType } from "./states";

// Facts about the field types that the signer's page needs without the API's schemas (no zod here).

/** The types whose value is text the signer writes or picks (a DATE is filled in by the service). */
export const TEXT_VALUED_TYPES: ReadonlySet<string> = new Set<FieldType>(["TEXT", "NAME", "EMAIL", "NUMBER", "DROPDOWN"]);

/** A FILE field: the largest file it may be set to take, in MB, its default, and the most files it takes. */
export const MAX_FILE_MB = 20;
export const DEFAULT_FILE_MB = 10;
export const MAX_FILES_PER_FIELD = 10;
