import "server-only";
import { numberFailureMessage, readSubmittedNumber } from "@/lib/numbers/locale-number";
import { isEmailAddress, numberProblem } from "@/lib/schemas/fields";
import type { FieldValue, StoredFile, SubmitSignature } from "@/lib/schemas/signing";
import type { fields } from "../db/schema";
import type { FieldError } from "../errors";
import type { FormState } from "@/lib/forms/form-state";

type FieldRow = typeof fields.$inferSelect;
type Given = Map<string, { v: SubmitSignature["values"][number]; at: string }>;

/**
 * The values a signer submits, judged field by field (the server is the authority; the page checks
 * the same first). Returns the values to store and every problem, each naming its field: the
 * submitted entry's place ("values.2.text") or, for a value that was not given, the field's id.
 * SIGNATURE/INITIAL images are judged and stored by the caller; `imageIds` are those it holds. `signing`: what
 * a DATE field says (the day in the request's zone and format) and the signer's language (a NUMBER not in its
 * stored form is read in it; stored with "." for decimals).
 */
export function judgeFieldValues(
  mine: FieldRow[],
  given: Given,
  signer: { name: string; email: string },
  imageIds: Set<string>,
  signing: { date: string; day: string; locale: string },
  form: Pick<FormState, "computed"> & { hidden: ReadonlySet<string> },
  attached: ReadonlyMap<string, readonly StoredFile[]> = new Map(),
): { values: Map<string, FieldValue>; problems: FieldError[] } {
  const values = new Map<string, FieldValue>();
  const problems: FieldError[] = [];
  const bad = (f: FieldRow, suffix: string, message: string) => {
    const g = given.get(f.id);
    problems.push({ field: g ? `${g.at}${suffix}` : f.id, message });
  };
  const radios = new Map<string, FieldRow[]>();
  for (const f of mine) {
    const g = given.get(f.id);
    const label = f.label || f.name || f.type.toLowerCase();
    if (form.hidden.has(f.id)) {
      // Hidden by its conditions: not required, and no value is kept (the seal lists it as skipped).
      if (carriesValue(g?.v)) bad(f, "", `${label} is hidden by its conditions: it takes no value`);
      continue;
    }
    switch (f.type) {
      case "DATE":
        values.set(f.id, { kind: "date", text: signing.date, day: signing.day });
        break;
      case "FILE": {
        const ids = g?.v.files ?? [];
        const mineFiles = new Map((attached.get(f.id) ?? []).map((x) => [x.id, x]));
        const unknown = ids.find((id) => !mineFiles.has(id));
        if (unknown !== undefined) bad(f, ".files", `${label}: "${unknown.slice(0, 100)}" is not a file attached to this field`);
        else if (new Set(ids).size !== ids.length) bad(f, ".files", `${label}: a file is given twice`);
        else if (ids.length > 1 && !f.multiple) bad(f, ".files", `${label} takes one file; ${ids.length} were given`);
        else if (ids.length === 0) {
          if (f.required) bad(f, ".files", `${label}: attach a file`);
        } else values.set(f.id, { kind: "files", files: ids.map((id) => mineFiles.get(id)!) });
        break;
      }
      case "FORMULA": {
        // Calculated here from the values above: the server's result is the one sealed.
        if ((g?.v.text ?? "").trim() !== "") bad(f, ".text", `${label} is calculated: it takes no value`);
        const c = form.computed.get(f.id);
        if (c && !c.ok)
          bad(
            f,
            "",
            `${label} cannot be calculated: ${c.reason === "divisionByZero" ? "it divides by zero" : "the result is too large"}`,
          );
        else if (c?.ok) values.set(f.id, { kind: "text", text: c.text });
        break;
      }
      case "TEXT": {
        const text = g?.v.text ?? f.defaultValue ?? "";
        if (f.required && text.trim() === "") bad(f, ".text", `${label} is required`);
        else if (f.maxLength && [...text].length > f.maxLength) bad(f, ".text", `${label} is at most ${f.maxLength} characters`);
        else if (text !== "") values.set(f.id, { kind: "text", text });
        break;
      }
      case "NAME":
      case "EMAIL": {
        // Pre-filled from the recipient; what the signer changed it to counts.
        const text = (g?.v.text ?? f.defaultValue ?? (f.type === "NAME" ? signer.name : signer.email)).trim();
        const what = f.label || (f.type === "NAME" ? "Name" : "E-mail");
        if (text === "") {
          if (f.required) bad(f, ".text", `${what} is required`);
        } else if (f.type === "EMAIL" && !isEmailAddress(text))
          bad(f, ".text", `${what} must be an e-mail address (name@example.com)`);
        else if (f.maxLength && [...text].length > f.maxLength) bad(f, ".text", `${what} is at most ${f.maxLength} characters`);
        else if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text))
          bad(f, ".text", `${what} must not contain line breaks or control characters`);
        else values.set(f.id, { kind: "text", text });
        break;
      }
      case "NUMBER": {
        const text = (g?.v.text ?? f.defaultValue ?? "").trim();
        if (text === "") {
          if (f.required) bad(f, ".text", `${label} is required`);
          break;
        }
        // The page sends the stored form; other text is read in the signer's language (lib/numbers).
        const read = readSubmittedNumber(text, signing.locale);
        const p = read.ok
          ? numberProblem(read.value, { min: f.min, max: f.max, decimals: f.decimals })
          : numberFailureMessage(read.reason, text, signing.locale);
        if (p || !read.ok) bad(f, ".text", `${label} ${p}`);
        else values.set(f.id, { kind: "text", text: read.value });
        break;
      }
      case "DROPDOWN": {
        const text = g?.v.text ?? f.defaultValue ?? "";
        if (text === "") {
          if (f.required) bad(f, ".text", `${label}: choose one of the options`);
        } else if (!(f.options ?? []).includes(text))
          bad(f, ".text", `${label}: "${text.slice(0, 200)}" is not one of the options`);
        else values.set(f.id, { kind: "text", text });
        break;
      }
      case "CHECKBOX": {
        const checked = g?.v.checked ?? f.defaultValue === "true";
        if (f.required && !checked) bad(f, ".checked", `${label} must be ticked`);
        else values.set(f.id, { kind: "check", checked });
        break;
      }
      case "RADIO": {
        const k = f.group ?? "";
        radios.set(k, [...(radios.get(k) ?? []), f]);
        break;
      }
      default: {
        // SIGNATURE and INITIAL: an image (judged and stored by the caller) or typed.
        if (imageIds.has(f.id)) break;
        if (g?.v.typed) values.set(f.id, { kind: "typed", text: g.v.typed });
        else if (f.required) bad(f, "", `${f.type === "INITIAL" ? "Initials" : "A signature"} is required (${label})`);
      }
    }
  }
  for (const [group, buttons] of radios) {
    const chosen = buttons.filter((b) => given.get(b.id)?.v.checked === true);
    const [picked, second] = chosen;
    if (second) {
      bad(
        second,
        ".checked",
        `${group}: choose one option only; ${chosen.map((c) => `"${c.option}"`).join(" and ")} were both chosen`,
      );
      continue;
    }
    const [head] = buttons;
    if (!picked && head && buttons.some((b) => b.required)) {
      bad(head, ".checked", `${group}: choose one of ${(head.options ?? buttons.map((b) => b.option)).join(", ")}`);
      continue;
    }
    for (const b of buttons) values.set(b.id, { kind: "choice", selected: picked?.id === b.id, option: b.option ?? "" });
  }
  return { values, problems };
}

/** Whether a submitted entry gives a value (an empty text or an unticked box gives none). */
const carriesValue = (v: SubmitSignature["values"][number] | undefined) =>
  !!v && ((v.text ?? "").trim() !== "" || v.checked === true || !!v.typed || !!v.image || (v.files?.length ?? 0) > 0);
