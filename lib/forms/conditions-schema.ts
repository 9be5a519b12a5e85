import { z } from "zod";
import { MAX_RULE_VALUE_LENGTH, MAX_RULES, RULE_OPS, VALUE_OPS, type Conditions } from "./conditions";

// The API's schema of `conditions`, apart from the rules themselves (./conditions.ts), which the signer's
// page evaluates in the browser without loading zod.

const zRule = z
  .strictObject({
    fieldId: z.uuid({ error: "fieldId must be the id of a field of the same request or template" }),
    op: z.enum(RULE_OPS, { error: `op must be one of ${RULE_OPS.join(", ")}` }),
    value: z
      .union([z.string().max(MAX_RULE_VALUE_LENGTH), z.number().finite(), z.boolean()], {
        error: "value is text, a number or true/false",
      })
      .optional(),
  })
  .superRefine((r, ctx) => {
    if (VALUE_OPS.has(r.op) && r.value === undefined)
      ctx.addIssue({ code: "custom", path: ["value"], message: `${r.op} compares with a value: give value` });
    if (!VALUE_OPS.has(r.op) && r.value !== undefined)
      ctx.addIssue({ code: "custom", path: ["value"], message: `${r.op} takes no value` });
  });

const rules = <T extends z.ZodType>(entry: T) =>
  z
    .array(entry)
    .min(1, { error: "a group needs at least one rule" })
    .max(MAX_RULES, { error: `at most ${MAX_RULES} rules in a group` });
const group = <T extends z.ZodType>(entry: T, error: string) =>
  z.union([z.strictObject({ all: rules(entry) }), z.strictObject({ any: rules(entry) })], { error });

const INNER = "one level down, a group is { all: [rules] } or { any: [rules] } of rules { fieldId, op, value? } (no deeper)";
const OUTER = "conditions is { all: [...] } or { any: [...] }: each entry a rule { fieldId, op, value? } or a group of rules";

/** `conditions` as the API takes and answers it: one level of nesting. */
export const zConditions = group(z.union([zRule, group(zRule, INNER)], { error: INNER }), OUTER).describe(
  "When the field is shown: { all: [...] } or { any: [...] } of rules { fieldId, op, value? } or, one level down, of { all }/{ any } of rules. Absent: always shown.",
) as unknown as z.ZodType<Conditions, Conditions>;
