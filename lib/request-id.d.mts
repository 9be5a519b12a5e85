/** The id a client sent when it is well formed, else a new UUID. */
export declare function requestIdOf(sent: string | string[] | null | undefined): string;
