export function serverHeapMb(env?: NodeJS.ProcessEnv | Record<string, string | undefined>): number;
export function serverArgs(env?: NodeJS.ProcessEnv | Record<string, string | undefined>): string[];
export function serverEnv<E extends Record<string, string | undefined>>(
  env?: E,
): E & { NEXT_TELEMETRY_DISABLED: string; MALLOC_ARENA_MAX: string; MALLOC_TRIM_THRESHOLD_: string };
export function runServer(root: string): Promise<void>;
