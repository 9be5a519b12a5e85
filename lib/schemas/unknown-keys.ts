import type { z } from "zod";

/**
 * The keys of a JSON value that its schema does not know, as dotted paths (`fields.0.conditions`): what zod's
 * objects would drop without a word. An integrator who sends `conditions` to an endpoint that has none must
 * hear so (400), not read the record back without it. Walks the schema beside the value:
 *
 * - an object knows its shape's keys (a loose object's catchall knows every key; a strict object's
 *   `never` none, as a plain one);
 * - arrays, records, optional, nullable, default, pipe (a transform's input), lazy and the like look inside;
 * - a union knows what the option the value is read as knows: the first option that accepts the value, else
 *   the options with the fewest unknown keys (of those, the ones that find them deepest), where a key is
 *   unknown only if all of them find it so;
 * - an intersection knows what either side knows.
 */
export function unknownKeys(schema: z.ZodType, value: unknown, at = ""): string[] {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  switch (def.type) {
    case "object": {
      if (!isPlainObject(value)) return [];
      const shape = def.shape as Record<string, z.ZodType>;
      const catchall = def.catchall as z.ZodType | undefined;
      const open = catchall !== undefined && (catchall as unknown as { _zod: { def: Def } })._zod.def.type !== "never";
      const out: string[] = [];
      for (const [k, v] of Object.entries(value)) {
        const known = Object.hasOwn(shape, k) ? shape[k] : undefined;
        if (known) out.push(...unknownKeys(known, v, join(at, k)));
        else if (!open) out.push(join(at, k));
        else out.push(...unknownKeys(catchall!, v, join(at, k)));
      }
      return out;
    }
    case "array":
      return Array.isArray(value) ? value.flatMap((v, i) => unknownKeys(def.element as z.ZodType, v, join(at, String(i)))) : [];
    case "record":
      return isPlainObject(value)
        ? Object.entries(value).flatMap(([k, v]) => unknownKeys(def.valueType as z.ZodType, v, join(at, k)))
        : [];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return value === undefined || value === null ? [] : unknownKeys(def.innerType as z.ZodType, value, at);
    case "pipe":
      return unknownKeys(def.in as z.ZodType, value, at);
    case "lazy":
      return unknownKeys((def.getter as () => z.ZodType)(), value, at);
    case "union": {
      const options = def.options as z.ZodType[];
      const accepted = options.find((o) => o.safeParse(value).success);
      if (accepted) return unknownKeys(accepted, value, at);
      const each = options.map((o) => unknownKeys(o, value, at));
      const fewest = Math.min(...each.map((u) => u.length));
      // Of those, the ones that read the value deepest before finding a key unknown ({ all: [{ …, x }] } is
      // read as { all } knowing `all` and not `all.0.x`, not as { any } not knowing `all`).
      const depth = (u: string[]) => u.reduce((n, k) => n + k.split(".").length, 0);
      const tied = each.filter((u) => u.length === fewest);
      const deepest = Math.max(...tied.map(depth));
      const closest = tied.filter((u) => depth(u) === deepest);
      return closest[0]!.filter((k) => closest.every((u) => u.includes(k)));
    }
    case "intersection": {
      const left = unknownKeys(def.left as z.ZodType, value, at);
      const right = new Set(unknownKeys(def.right as z.ZodType, value, at));
      return left.filter((k) => right.has(k));
    }
    default:
      return [];
  }
}

type Def = { type: string } & Record<string, unknown>;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const join = (at: string, k: string) => (at ? `${at}.${k}` : k);
