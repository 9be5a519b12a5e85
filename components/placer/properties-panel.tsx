"use client";
import { FIELD_TYPES } from "@/lib/client/constants";
import { clampBox, type PageSize } from "@/lib/client/placer-geometry";
import type { FieldInput } from "@/lib/client/types";
import { useDraft } from "@/lib/client/use-draft";
import type { PlacedField } from "@/lib/client/use-field-store";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form";
import { FIELD_LABEL } from "./labels";

interface Props {
  f: PlacedField;
  page: PageSize;
  /** A draft's signers, or a template's SIGNER roles. */
  signers: { id: string; name: string }[];
  /** What an owner is called: "Signer", or "Role" in the template builder. */
  ownerNoun?: "Signer" | "Role";
  onChange: (patch: Partial<FieldInput>, delay: number) => void;
  onDelete: () => void;
  /** What a field needs when it becomes `type` (a DROPDOWN its options, a RADIO its group and option). */
  defaultsFor?: (type: FieldInput["type"]) => Partial<FieldInput>;
  /** A RADIO's group as placed so far: the option of each of its buttons. */
  groupOptions?: string[];
}

const TEXT_LIKE = new Set(["TEXT", "DATE", "DROPDOWN", "NUMBER", "NAME", "EMAIL"]);

/** The selected field's settings; each change is saved to the draft after a short pause. */
export function PropertiesPanel({
  f,
  page,
  signers,
  ownerNoun = "Signer",
  onChange,
  onDelete,
  defaultsFor,
  groupOptions = [],
}: Props) {
  const isText = f.type === "TEXT";
  return (
    <section aria-label="Field properties" className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold text-slate-700">Field properties</h2>
        <span className="text-xs text-slate-600">{f.id ? "saved" : "saving…"}</span>
      </div>
      <Row label="Type">
        {(id) => (
          <select
            id={id}
            className={inputClass}
            value={f.type}
            onChange={(e) => {
              const type = e.target.value as FieldInput["type"];
              onChange({ type, ...defaultsFor?.(type) }, 0);
            }}
          >
            {FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {FIELD_LABEL[t]}
              </option>
            ))}
          </select>
        )}
      </Row>
      <Row label={ownerNoun}>
        {(id) => (
          <select
            id={id}
            className={inputClass}
            value={f.recipientId}
            onChange={(e) => onChange({ recipientId: e.target.value }, 0)}
          >
            {signers.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        )}
      </Row>
      <TextProp label="Name" value={f.name ?? ""} maxLength={200} onCommit={(v) => onChange({ name: v }, 0)} />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={f.required !== false}
          onChange={(e) => onChange({ required: e.target.checked }, 0)}
          className="h-4 w-4 rounded border-slate-300"
        />
        Required
      </label>
      <TextProp label="Label" value={f.label ?? ""} maxLength={200} onCommit={(v) => onChange({ label: v }, 0)} />
      {TEXT_LIKE.has(f.type) && (
        <NumberProp label="Font size (pt)" value={f.fontSize} min={4} max={96} onCommit={(v) => onChange({ fontSize: v }, 0)} />
      )}
      <TypeProps f={f} onChange={onChange} groupOptions={groupOptions} />
      {isText && (
        <>
          <NumberProp
            label="Max length"
            value={f.maxLength}
            min={1}
            max={10000}
            integer
            onCommit={(v) => onChange({ maxLength: v }, 0)}
          />
          <TextProp
            label="Default value"
            value={f.defaultValue ?? ""}
            maxLength={10000}
            onCommit={(v) => onChange({ defaultValue: v }, 0)}
          />
        </>
      )}
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-1 text-xs font-medium text-slate-500">Position on page {f.page} (points from the top-left)</legend>
        {(["x", "y", "width", "height"] as const).map((k) => (
          <NumberProp
            key={k}
            label={k === "x" ? "X" : k === "y" ? "Y" : k === "width" ? "Width" : "Height"}
            value={Math.round(f[k] * 100) / 100}
            min={0}
            max={14400}
            onCommit={(v) => onChange(clampBox({ x: f.x, y: f.y, width: f.width, height: f.height, [k]: v }, page), 0)}
          />
        ))}
      </fieldset>
      <Button variant="danger" className="w-full" onClick={onDelete}>
        Delete field
      </Button>
    </section>
  );
}

function Row({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = `prop-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** Edited freely; saved on blur or Enter (not on each keystroke). */
function TextProp({
  label,
  value,
  maxLength,
  onCommit,
}: {
  label: string;
  value: string;
  maxLength: number;
  onCommit: (v: string) => void;
}) {
  const [v, setV] = useDraft(value);
  const commit = () => v !== value && onCommit(v);
  return (
    <Row label={label}>
      {(id) => (
        <input
          id={id}
          className={inputClass}
          value={v}
          maxLength={maxLength}
          onChange={(e) => setV(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === "Enter" && commit()}
        />
      )}
    </Row>
  );
}

function NumberProp(props: {
  label: string;
  value: number | undefined;
  min: number;
  max: number;
  integer?: boolean;
  onCommit: (v: number) => void;
}) {
  const [v, setV] = useDraft(props.value === undefined ? "" : String(props.value));
  const commit = () => {
    const n = Number(v);
    if (v.trim() === "" || !Number.isFinite(n)) return setV(props.value === undefined ? "" : String(props.value));
    const c = Math.min(Math.max(props.integer ? Math.round(n) : n, props.min), props.max);
    if (c !== props.value) props.onCommit(c);
    setV(String(c));
  };
  return (
    <Row label={props.label}>
      {(id) => (
        <input
          id={id}
          type="number"
          inputMode="decimal"
          className={inputClass}
          value={v}
          min={props.min}
          max={props.max}
          step={props.integer ? 1 : "any"}
          onChange={(e) => setV(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === "Enter" && commit()}
        />
      )}
    </Row>
  );
}

/** The properties of issue 14's types: options, radio group and option, number bounds. */
function TypeProps({
  f,
  onChange,
  groupOptions,
}: {
  f: PlacedField;
  onChange: (patch: Partial<FieldInput>, delay: number) => void;
  groupOptions: string[];
}) {
  switch (f.type) {
    case "DROPDOWN":
      return <OptionsProp value={f.options ?? []} onCommit={(options) => onChange({ options }, 0)} />;
    case "RADIO":
      return (
        <>
          <TextProp
            label="Group"
            value={f.group ?? ""}
            maxLength={100}
            onCommit={(v) => v.trim() && onChange({ group: v.trim() }, 0)}
          />
          <TextProp
            label="Option of this button"
            value={f.option ?? ""}
            maxLength={200}
            onCommit={(v) => v.trim() && onChange({ option: v.trim() }, 0)}
          />
          <p className="text-xs text-slate-500" data-testid="radio-group-options">
            {groupOptions.length > 1
              ? `Options in “${f.group}”: ${groupOptions.join(", ")}`
              : "Each radio button is one option; add a button per option, in the same group."}
          </p>
        </>
      );
    case "NUMBER":
      return (
        <div className="grid grid-cols-3 gap-2">
          <NumberProp label="Minimum" value={f.min} min={-1e15} max={1e15} onCommit={(v) => onChange({ min: v }, 0)} />
          <NumberProp label="Maximum" value={f.max} min={-1e15} max={1e15} onCommit={(v) => onChange({ max: v }, 0)} />
          <NumberProp
            label="Decimals"
            value={f.decimals}
            min={0}
            max={6}
            integer
            onCommit={(v) => onChange({ decimals: v }, 0)}
          />
        </div>
      );
    case "NAME":
    case "EMAIL":
      return (
        <p className="text-xs text-slate-500">
          Pre-filled with the signer’s {f.type === "NAME" ? "name" : "e-mail address"}; they can change it.
        </p>
      );
    case "CHECKBOX":
      return <p className="text-xs text-slate-500">Required means the signer must tick it.</p>;
    default:
      return null;
  }
}

/** A DROPDOWN's choices, one per line; saved on blur (empty lines dropped). */
function OptionsProp({ value, onCommit }: { value: string[]; onCommit: (v: string[]) => void }) {
  const joined = value.join("\n");
  const [v, setV] = useDraft(joined);
  const commit = () => {
    const options = v
      .split("\n")
      .map((o) => o.trim())
      .filter(Boolean);
    if (options.length === 0) return setV(joined);
    if (options.join("\n") !== joined) onCommit(options);
  };
  return (
    <Row label="Options (one per line)">
      {(id) => (
        <textarea
          id={id}
          rows={Math.min(Math.max(value.length, 3), 10)}
          className={inputClass}
          value={v}
          onChange={(e) => setV(e.target.value)}
          onBlur={commit}
        />
      )}
    </Row>
  );
}
