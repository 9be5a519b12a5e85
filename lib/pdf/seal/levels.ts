/** PAdES baseline levels (ETSI EN 319 142-1) a seal can have, lowest first. */
export const PADES_LEVELS = ["B-B", "B-T", "B-LT", "B-LTA"] as const;
export type PadesLevel = (typeof PADES_LEVELS)[number];

/** What each level adds, as the certificate of completion and the docs say it. */
export const PADES_LEVEL_TEXT: Record<PadesLevel, string> = {
  "B-B": "signature with the sealing certificate, no trusted time",
  "B-T": "signature with a timestamp from a timestamp authority",
  "B-LT": "signature with a timestamp, and the certificates and revocation data to validate it inside the file",
  "B-LTA": "signature with a timestamp and validation data, under a document timestamp",
};

/** Whether `level` includes what `at` adds (B-LT includes B-T). */
export const levelAtLeast = (level: PadesLevel, at: PadesLevel) => PADES_LEVELS.indexOf(level) >= PADES_LEVELS.indexOf(at);
