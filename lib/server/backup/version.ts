import pkg from "@/package.json";

/** This Signet's version (package.json), written into each backup's manifest. */
export const SIGNET_VERSION: string = pkg.version;
