export declare function parseEmbedOrigins(raw: string | undefined | null): string[];
export declare const isEmbedSigningPath: (path: string) => boolean;
