import { z } from "zod";

/**
 * What a field is, once: its shape (FIELD below, from which every field schema of the API, the DTO types
 * and the engine's drawing input are made), its types and the rules of their properties (docs/api.md
 * "Field types"). One place for the API's schemas (coordinates, anchored, templates), the server's checks
 * of a PATCHed field and the anchor grammar, so they never disagree. No server imports: the dashboard and
 * the engine (types only) read it too.
 */
import { CANONICAL_NUMBER, MAX_NUMBER_TEXT } from "../numbers/locale-number";
import { zConditions } from "../forms/conditions-schema";
import { MAX_FORMULA_LENGTH, parseFormula } from "../forms/formula";
import { FIELD_TYPES, FILE_KINDS, type FieldType, type FileKind } from "./states";

// Defined once in ./states (the database's CHECK constraints and column type are made from the same array).
export { FIELD_TYPES };
export type { FieldType };
export const FIELD_TYPE_ERROR = `type must be one of ${FIELD_TYPES.join(", ")}`;
/** Whether a string (a select's value, say) is one of the field types. */
export const isFieldType = (v: string): v is FieldType => (FIELD_TYPES as readonly string[]).includes(v);
export { DEFAULT_FILE_MB, MAX_FILE_MB, MAX_FILES_PER_FIELD, TEXT_VALUED_TYPES } from "./field-kinds";
import { DEFAULT_FILE_MB, MAX_FILE_MB, MAX_FILES_PER_FIELD } from "./field-kinds";

export const MAX_OPTIONS = 50;
export const MAX_OPTION_LENGTH = 200;
export const MAX_GROUP_LENGTH = 100;
export const MAX_DECIMALS = 6;
/** A signing group has at most this many members, and needs at most this many of them to sign. */
export const MAX_GROUP_MEMBERS = 10;
export const MAX_GROUP_REQUIRED = MAX_GROUP_MEMBERS;
/** A FILE field's largest file (MB), its default, and how many files one field takes at most. */
/** Largest magnitude of a NUMBER bound or value: beyond it doubles lose whole units. */
export const MAX_NUMBER = 1e15;

/** The type-dependent part of a field, as given or as merged with what is stored. */
export interface FieldRuleInput {
  type: FieldType;
  options?: string[] | null;
  group?: string | null;
  option?: string | null;
  min?: number | null;
  max?: number | null;
  decimals?: number | null;
  defaultValue?: string | null;
  formula?: string | null;
  accept?: FileKind[] | null;
  maxSizeMb?: number | null;
  multiple?: boolean | null;
}

export interface RuleProblem {
  path: string;
  message: string;
}

const has = <T>(v: T | null | undefined): v is T => v !== undefined && v !== null;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** A syntactically valid e-mail address (what a signer may give an EMAIL field): local@domain.tld, no spaces. */
export const isEmailAddress = (s: string) => s.length <= 320 && EMAIL.test(s);

/** A NUMBER value in its stored form: optional minus, digits, optional "." and decimals (lib/numbers). */
export const NUMBER_TEXT = CANONICAL_NUMBER;

/** Why `text` is not an acceptable value of a NUMBER field with these bounds, or null. */
export function numberProblem(
  text: string,
  f: { min?: number | null; max?: number | null; decimals?: number | null },
): string | null {
  const t = text.trim();
  if (t.length > MAX_NUMBER_TEXT) return "is too long to be a number";
  if (!NUMBER_TEXT.test(t)) return "must be a number (digits, with . for decimals)";
  const n = Number(t);
  if (!Number.isFinite(n) || Math.abs(n) > MAX_NUMBER) return "is too large";
  const places = t.split(".")[1]?.length ?? 0;
  const allowed = f.decimals ?? MAX_DECIMALS;
  if (places > allowed)
    return allowed === 0 ? "must be a whole number" : `has at most ${allowed} decimal${allowed === 1 ? "" : "s"}`;
  if (has(f.min) && n < f.min) return `must be at least ${f.min}`;
  if (has(f.max) && n > f.max) return `must be at most ${f.max}`;
  return null;
}

/** Problems with a list of choices: 1–50, each non-empty (after trimming) and distinct. */
export function optionsProblem(options: string[]): string | null {
  if (options.length < 1) return "options needs at least one choice";
  if (options.length > MAX_OPTIONS) return `at most ${MAX_OPTIONS} options`;
  if (options.some((o) => o.trim() === "")) return "an option must not be empty";
  if (options.some((o) => o.length > MAX_OPTION_LENGTH)) return `an option is at most ${MAX_OPTION_LENGTH} characters`;
  const seen = new Set<string>();
  for (const o of options) {
    if (seen.has(o.trim())) return `options must be distinct; "${o.trim()}" is given twice`;
    seen.add(o.trim());
  }
  return null;
}

/**
 * What a field of its type needs and may not have. A property of another type (options on a NUMBER,
 * min on a DROPDOWN) is refused rather than kept silently: it would mean nothing to the signer.
 */
export function fieldRuleProblems(f: FieldRuleInput): RuleProblem[] {
  const out: RuleProblem[] = [];
  const only = (prop: keyof FieldRuleInput, types: FieldType[]) => {
    if (has(f[prop]) && !types.includes(f.type))
      out.push({ path: prop, message: `${prop} is for ${types.join(" and ")} fields, not ${f.type}` });
  };
  only("options", ["DROPDOWN", "RADIO"]);
  only("group", ["RADIO"]);
  only("option", ["RADIO"]);
  only("min", ["NUMBER"]);
  only("max", ["NUMBER"]);
  only("decimals", ["NUMBER", "FORMULA"]);
  only("formula", ["FORMULA"]);
  only("accept", ["FILE"]);
  only("maxSizeMb", ["FILE"]);
  only("multiple", ["FILE"]);
  const dv = f.defaultValue;
  switch (f.type) {
    case "DROPDOWN": {
      if (!has(f.options)) out.push({ path: "options", message: "A DROPDOWN needs options: 1 to 50 distinct choices" });
      else {
        const p = optionsProblem(f.options);
        if (p) out.push({ path: "options", message: p });
        else if (has(dv) && dv !== "" && !f.options.map((o) => o.trim()).includes(dv))
          out.push({ path: "defaultValue", message: `defaultValue "${dv}" is not one of the options` });
      }
      break;
    }
    case "RADIO": {
      if (!has(f.group))
        out.push({ path: "group", message: "A RADIO button needs group: the name of its group (one choice per group)" });
      if (has(f.option) && has(f.options))
        out.push({ path: "options", message: "Give option (this button) or options (one button per option), not both" });
      else if (!has(f.option) && !has(f.options))
        out.push({
          path: "option",
          message: "A RADIO button needs option: the value it stands for (or options: one button per option)",
        });
      else if (has(f.options)) {
        const p = optionsProblem(f.options);
        if (p) out.push({ path: "options", message: p });
      }
      if (has(dv) && dv !== "") out.push({ path: "defaultValue", message: "defaultValue is not used with RADIO" });
      break;
    }
    case "NUMBER": {
      if (has(f.min) && has(f.max) && f.min > f.max)
        out.push({ path: "min", message: `min (${f.min}) must not be greater than max (${f.max})` });
      else if (has(dv) && dv !== "") {
        const p = numberProblem(dv, f);
        if (p) out.push({ path: "defaultValue", message: `defaultValue ${p}` });
      }
      break;
    }
    case "FORMULA": {
      if (!has(f.formula))
        out.push({ path: "formula", message: "A FORMULA needs formula: how it is calculated, e.g. price * quantity" });
      else {
        const parsed = parseFormula(f.formula);
        if (!parsed.ok) out.push({ path: "formula", message: `formula: ${parsed.message}` });
      }
      if (has(dv) && dv !== "") out.push({ path: "defaultValue", message: "A FORMULA is calculated: it takes no defaultValue" });
      break;
    }
    case "FILE":
      if (has(dv) && dv !== "")
        out.push({ path: "defaultValue", message: "A FILE takes what the signer attaches: no defaultValue" });
      break;
    case "EMAIL":
      if (has(dv) && dv !== "" && !isEmailAddress(dv))
        out.push({ path: "defaultValue", message: "defaultValue must be an e-mail address" });
      break;
    case "CHECKBOX":
      if (has(dv) && dv !== "" && dv !== "true" && dv !== "false")
        out.push({ path: "defaultValue", message: 'defaultValue of a CHECKBOX is "true" (ticked) or "false"' });
      break;
    default:
      break;
  }
  return out;
}

/** Adds `fieldRuleProblems` to a zod object with `type` as custom issues at their property. */
export function refineFieldRules(value: FieldRuleInput, ctx: z.RefinementCtx): void {
  for (const p of fieldRuleProblems(value)) ctx.addIssue({ code: "custom", message: p.message, path: [p.path] });
}

const coord = (name: string) =>
  z
    .number({ error: `${name} must be a number of points` })
    .finite()
    .min(0)
    .max(14400);

/**
 * A field whoever owns it, each key once: as the API takes it (`input`; absent means the default) and as it
 * answers it (`output`; null means none). A request's field adds its recipient, a template's its role
 * (requests.ts, templates.ts); a field placed at an anchor is placed by the anchor instead of page, x and y
 * (anchors.ts). A key added here (a document's id, say) reaches every field schema, DTO and the engine.
 */
const FIELD = {
  type: { input: z.enum(FIELD_TYPES, { error: FIELD_TYPE_ERROR }), output: z.enum(FIELD_TYPES) },
  /** Where it stands: a page (1 for the first) and a box in points from the top-left of the page as displayed. */
  page: {
    input: z.number({ error: "page must be an integer, 1 for the first page" }).int().min(1).max(100000),
    output: z.number().int(),
  },
  x: { input: coord("x"), output: z.number() },
  y: { input: coord("y"), output: z.number() },
  width: { input: coord("width").positive(), output: z.number() },
  height: { input: coord("height").positive(), output: z.number() },
  name: { input: z.string().max(200).optional(), output: z.string().nullable() },
  required: { input: z.boolean().optional(), output: z.boolean() },
  label: { input: z.string().max(200).optional(), output: z.string().nullable() },
  maxLength: { input: z.number().int().min(1).max(10000).optional(), output: z.number().int().nullable() },
  fontSize: { input: z.number().min(4).max(96).optional(), output: z.number().nullable() },
  defaultValue: { input: z.string().max(10000).optional(), output: z.string().nullable() },
  // The types' own properties (fieldRuleProblems says which type takes which).
  options: {
    input: z
      .array(
        z
          .string({ error: "an option is text" })
          .trim()
          .max(MAX_OPTION_LENGTH, { error: `an option is at most ${MAX_OPTION_LENGTH} characters` }),
      )
      .optional(), // 1–50: fieldRuleProblems
    output: z.array(z.string()).nullable().describe("DROPDOWN: its choices. RADIO: every option of the button's group"),
  },
  group: {
    input: z.string().trim().min(1, { error: "group must not be empty" }).max(MAX_GROUP_LENGTH).optional(),
    output: z.string().nullable().describe("RADIO: the group of the button (one choice per group)"),
  },
  option: {
    input: z.string().trim().min(1, { error: "option must not be empty" }).max(MAX_OPTION_LENGTH).optional(),
    output: z.string().nullable().describe("RADIO: the option this button stands for"),
  },
  min: {
    input: z.number({ error: "min must be a number" }).finite().min(-MAX_NUMBER).max(MAX_NUMBER).optional(),
    output: z.number().nullable().describe("NUMBER: smallest value allowed"),
  },
  max: {
    input: z.number({ error: "max must be a number" }).finite().min(-MAX_NUMBER).max(MAX_NUMBER).optional(),
    output: z.number().nullable().describe("NUMBER: largest value allowed"),
  },
  decimals: {
    input: z
      .number({ error: "decimals must be a whole number from 0 to 6" })
      .int({ error: "decimals must be a whole number from 0 to 6" })
      .min(0)
      .max(MAX_DECIMALS)
      .optional(),
    output: z
      .number()
      .int()
      .nullable()
      .describe("NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2)"),
  },
  formula: {
    input: z
      .string()
      .max(MAX_FORMULA_LENGTH, { error: `a formula is at most ${MAX_FORMULA_LENGTH} characters` })
      .optional(),
    output: z
      .string()
      .nullable()
      .describe(
        "FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum",
      ),
  },
  accept: {
    input: z
      .array(z.enum(FILE_KINDS, { error: `accept lists ${FILE_KINDS.join(", ")}` }))
      .min(1, { error: "accept needs at least one of PDF, PNG, JPEG" })
      .max(FILE_KINDS.length)
      .optional(),
    output: z.array(z.enum(FILE_KINDS)).nullable().describe("FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG)"),
  },
  maxSizeMb: {
    input: z
      .number({ error: `maxSizeMb is a whole number of MB from 1 to ${MAX_FILE_MB}` })
      .int({ error: `maxSizeMb is a whole number of MB from 1 to ${MAX_FILE_MB}` })
      .min(1)
      .max(MAX_FILE_MB, { error: `maxSizeMb is at most ${MAX_FILE_MB}` })
      .optional(),
    output: z.number().int().nullable().describe(`FILE: largest file, in MB (null: ${DEFAULT_FILE_MB})`),
  },
  multiple: {
    input: z.boolean({ error: "multiple is true or false" }).optional(),
    output: z.boolean().nullable().describe(`FILE: whether it takes several files (up to ${MAX_FILES_PER_FIELD}); null: one`),
  },
  conditions: {
    input: zConditions.nullable().optional(), // null: remove them (PATCH)
    output: zConditions.nullable(),
  },
  seat: {
    input: z
      .number({ error: `seat is a whole number from 1 to ${MAX_GROUP_REQUIRED}` })
      .int({ error: `seat is a whole number from 1 to ${MAX_GROUP_REQUIRED}` })
      .min(1, { error: `seat is a whole number from 1 to ${MAX_GROUP_REQUIRED}` })
      .max(MAX_GROUP_REQUIRED, { error: `seat is a whole number from 1 to ${MAX_GROUP_REQUIRED}` })
      .optional(),
    output: z
      .number()
      .int()
      .describe(
        "For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise",
      ),
  },
};
type FieldKey = keyof typeof FIELD;
type Side = "input" | "output";
const FIELD_KEYS = Object.keys(FIELD) as FieldKey[];
const sideOf = <S extends Side>(side: S) =>
  Object.fromEntries(FIELD_KEYS.map((k) => [k, FIELD[k][side]])) as { [K in FieldKey]: (typeof FIELD)[K][S] };

/** A field as given, without its owner: each owner's schema adds its key (requests.ts, templates.ts). */
export const fieldInputShape = sideOf("input");
/** As answered, without its id and owner; `anchor` says where an anchor put it (set by the service, never given). */
export const fieldOutputShape = { ...sideOf("output"), anchor: z.record(z.string(), z.unknown()).nullable() };
/** A field as the API answers it: its id, its owner's keys, then the one shape. */
export const fieldDto = <O extends z.ZodRawShape>(owner: O) => z.object({ id: z.uuid(), ...owner, ...fieldOutputShape });

/** A field as answered, whoever owns it: what lib/pdf draws (a type and a box) is a part of it. */
export type FieldShape = z.output<z.ZodObject<typeof fieldOutputShape>>;
/** A field as given, whoever owns it. */
export type FieldShapeInput = z.input<z.ZodObject<typeof fieldInputShape>>;

/** A field as answered given again (to copy it, or to edit it in the placer): null becomes absent. */
export function fieldInputOf(f: Omit<FieldShape, "anchor">): FieldShapeInput {
  const given: Partial<Record<FieldKey, unknown>> = {};
  for (const k of FIELD_KEYS) if (f[k] !== null) given[k] = f[k];
  return given as FieldShapeInput;
}

/**
 * The message of a body that is one field or `{ fields: [...] }` and is neither: not zod's "Invalid input" but
 * the first problem of the form the body has (the list when it has `fields`), at its place.
 */
export const oneOrListError =
  (shape: string) =>
  (iss: { code?: string; input?: unknown; errors?: { path: PropertyKey[]; message: string }[][] }): string | undefined => {
    if (iss.code !== "invalid_union") return undefined;
    const input = iss.input;
    if (!input || typeof input !== "object" || Array.isArray(input)) return shape;
    const first = iss.errors?.["fields" in input ? 1 : 0]?.[0];
    return first ? `${first.path.length ? `${first.path.map(String).join(".")}: ` : ""}${first.message}` : undefined;
  };
