export interface PrivacyReport {
  /** The folder was missing and has been made (mode 700). */
  created: boolean;
  /** Entries looked at (the folder itself included; symbolic links not counted). */
  entries: number;
  /** Entries whose group or other permissions were taken off. */
  changed: number;
  /** Entries that could not be changed, and why. */
  failed: { path: string; error: string }[];
}

/** No permission for group or others on anything this process creates from now on (children inherit it). */
export declare function setPrivateUmask(): void;
/** DATA_DIR as the server resolves it: `./data` when unset, relative to `base` (the working directory). */
export declare function dataDirOf(env?: Record<string, string | undefined>, base?: string): string;
/** Creates `dir` 700 when missing, else `chmod -R go-rwx` over it (symbolic links left alone). */
export declare function makeDataDirPrivate(dir: string): PrivacyReport;
/** The one log line of a start that changed something; undefined when nothing was to change. */
export declare function describePrivacyFix(dir: string, report: PrivacyReport): string | undefined;
