// Mirrors of the API's enumerations, for the browser (lib/schemas pulls zod into the bundle).
export const REQUEST_STATUSES = ["DRAFT", "IN_PROGRESS", "COMPLETED", "DECLINED", "CANCELLED", "EXPIRED"] as const;
export const FIELD_TYPES = ["SIGNATURE", "INITIAL", "DATE", "TEXT"] as const;
