import type { DestinationStream, Logger } from "pino";

export declare const LOG_LEVELS: string[];
/** An API key cut to its prefix, a link's token removed. */
export declare function scrub(text: string): string;
export declare function makeLogger(options?: { mixin?: () => object; destination?: DestinationStream }): Logger;
