"use client";
import { FIELD_TYPES } from "@/lib/client/constants";
import { DEFAULT_FILE_MB, isFieldType, MAX_FILE_MB } from "@/lib/schemas/fields";
import { FILE_KINDS } from "@/lib/schemas/states";
import { clampBox, type PageSize } from "@/lib/client/placer-geometry";
import type { FieldInput } from "@/lib/client/types";
import { useDraft } from "@/lib/client/use-draft";
import type { PlacedField } from "@/lib/client/use-field-store";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { useFieldLabel } from "./labels";
import { FormulaProp, RulesPanel } from "./rules-panel";
import { hasPlaces } from "@/lib/client/signing-groups";

interface Props {
  f: PlacedField;
  page: PageSize;
  /** A draft's signers, or a template's SIGNER roles, with their signing order (a signing group is one of them). */
  signers: { id: string; name: string; order: number; group?: { required: number } | null }[];
  /** What an owner is called: "Signer", or "Role" in the template builder (the words come from placer.json). */
  ownerNoun?: "Signer" | "Role";
  onChange: (patch: Partial<FieldInput>, delay: number) => void;
  onDelete: () => void;
  /** What a field needs when it becomes `type` (a DROPDOWN its options, a RADIO its group and option). */
  defaultsFor?: (type: FieldInput["type"]) => Partial<FieldInput>;
  /** A RADIO's group as placed so far: the option of each of its buttons. */
  groupOptions?: string[];
  /** Every field placed (this one included): what its rules and formula may read. */
  fields?: PlacedField[];
  /** The name of the document the field is on, when there are several. */
  documentName?: string | null;
}

const TEXT_LIKE = new Set(["TEXT", "DATE", "DROPDOWN", "NUMBER", "NAME", "EMAIL", "FORMULA"]);

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
  fields = [],
  documentName = null,
}: Props) {
  const t = useDashboardT();
  const turns = new Map(signers.map((s) => [s.id, s.order]));
  const turnOf = (id: string) => turns.get(id) ?? Number.MAX_SAFE_INTEGER;
  const fieldLabel = useFieldLabel();
  const isText = f.type === "TEXT";
  const owner = signers.find((s) => s.id === f.recipientId);
  return (
    <section aria-label={t("placer.properties.label")} className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold text-slate-700">{t("placer.properties.heading")}</h2>
        <span className="text-xs text-slate-600">{f.id ? t("placer.properties.saved") : t("placer.properties.saving")}</span>
      </div>
      <Row id="type" label={t("placer.properties.type")}>
        {(id) => (
          <select
            id={id}
            className={inputClass}
            value={f.type}
            onChange={(e) => {
              const type = e.target.value;
              if (isFieldType(type)) onChange({ type, ...defaultsFor?.(type) }, 0);
            }}
          >
            {FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {fieldLabel(type)}
              </option>
            ))}
          </select>
        )}
      </Row>
      <Row
        id={ownerNoun === "Role" ? "role" : "signer"}
        label={ownerNoun === "Role" ? t("placer.properties.role") : t("placer.properties.signer")}
      >
        {(id) => (
          <select
            id={id}
            className={inputClass}
            value={f.recipientId}
            onChange={(e) => {
              const to = signers.find((s) => s.id === e.target.value);
              // A place the new owner does not have becomes its first.
              const places = hasPlaces(to?.group) ? to.group.required : 1;
              onChange({ recipientId: e.target.value, ...((f.seat ?? 1) > places && { seat: 1 }) }, 0);
            }}
          >
            {signers.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        )}
      </Row>
      {owner && hasPlaces(owner.group) && (
        <SeatProp
          seat={f.seat ?? 1}
          owner={owner.name}
          required={owner.group.required}
          onSeat={(seat) => onChange({ seat }, 0)}
        />
      )}
      <TextProp
        id="name"
        label={t("placer.properties.name")}
        value={f.name ?? ""}
        maxLength={200}
        onCommit={(v) => onChange({ name: v }, 0)}
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={f.required !== false}
          onChange={(e) => onChange({ required: e.target.checked }, 0)}
          className="h-4 w-4 rounded border-slate-300"
        />
        {t("placer.properties.required")}
      </label>
      <TextProp
        id="label"
        label={t("placer.properties.fieldLabel")}
        value={f.label ?? ""}
        maxLength={200}
        onCommit={(v) => onChange({ label: v }, 0)}
      />
      {TEXT_LIKE.has(f.type) && (
        <NumberProp
          id="font-size-pt-"
          label={t("placer.properties.fontSize")}
          value={f.fontSize}
          min={4}
          max={96}
          onCommit={(v) => onChange({ fontSize: v }, 0)}
        />
      )}
      <TypeProps f={f} onChange={onChange} groupOptions={groupOptions} fields={fields} />
      {isText && (
        <>
          <NumberProp
            id="max-length"
            label={t("placer.properties.maxLength")}
            value={f.maxLength}
            min={1}
            max={10000}
            integer
            onCommit={(v) => onChange({ maxLength: v }, 0)}
          />
          <TextProp
            id="default-value"
            label={t("placer.properties.defaultValue")}
            value={f.defaultValue ?? ""}
            maxLength={10000}
            onCommit={(v) => onChange({ defaultValue: v }, 0)}
          />
        </>
      )}
      <RulesPanel f={f} fields={fields} signers={signers} turnOf={turnOf} onChange={onChange} />
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-1 text-xs font-medium text-slate-500">
          {documentName
            ? t("placer.properties.positionIn", { page: f.page, document: documentName })
            : t("placer.properties.position", { page: f.page })}
        </legend>
        {(["x", "y", "width", "height"] as const).map((k) => (
          <NumberProp
            key={k}
            id={k}
            label={t(`placer.properties.${k}`)}
            value={Math.round(f[k] * 100) / 100}
            min={0}
            max={14400}
            onCommit={(v) => onChange(clampBox({ x: f.x, y: f.y, width: f.width, height: f.height, [k]: v }, page), 0)}
          />
        ))}
      </fieldset>
      <Button variant="danger" className="w-full" onClick={onDelete}>
        {t("placer.properties.delete")}
      </Button>
    </section>
  );
}

/**
 * Which of a signing group's places the field belongs to: the k-th member to sign fills the fields of place k
 * (shown when more than one member must sign).
 */
function SeatProp({
  seat,
  owner,
  required,
  onSeat,
}: {
  seat: number;
  owner: string;
  required: number;
  onSeat: (seat: number) => void;
}) {
  const t = useDashboardT();
  return (
    <Row id="seat" label={t("placer.properties.seat")}>
      {(id) => (
        <>
          <select
            id={id}
            className={inputClass}
            value={seat}
            aria-describedby={`${id}-hint`}
            onChange={(e) => onSeat(Number(e.target.value))}
          >
            {Array.from({ length: Math.max(required, seat) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {t("placer.properties.seatOption", { seat: n })}
              </option>
            ))}
          </select>
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
            {t("placer.properties.seatHint", { name: owner, required })}
          </p>
        </>
      )}
    </Row>
  );
}

/** A labelled control; `name` makes its id (prop-name), the same in every language. */
function Row({ id: name, label, children }: { id: string; label: string; children: (id: string) => React.ReactNode }) {
  const id = `prop-${name}`;
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
  id: name,
  label,
  value,
  maxLength,
  onCommit,
}: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  onCommit: (v: string) => void;
}) {
  const [v, setV] = useDraft(value);
  const commit = () => v !== value && onCommit(v);
  return (
    <Row id={name} label={label}>
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
  id: string;
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
    <Row id={props.id} label={props.label}>
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

/** The properties only some types have: a dropdown's options, a radio button's group and option, a number's bounds. */
function TypeProps({
  f,
  onChange,
  groupOptions,
  fields,
}: {
  f: PlacedField;
  onChange: (patch: Partial<FieldInput>, delay: number) => void;
  groupOptions: string[];
  fields: PlacedField[];
}) {
  const t = useDashboardT();
  switch (f.type) {
    case "DROPDOWN":
      return <OptionsProp value={f.options ?? []} onCommit={(options) => onChange({ options }, 0)} />;
    case "RADIO":
      return (
        <>
          <TextProp
            id="group"
            label={t("placer.properties.group")}
            value={f.group ?? ""}
            maxLength={100}
            onCommit={(v) => v.trim() && onChange({ group: v.trim() }, 0)}
          />
          <TextProp
            id="option-of-this-button"
            label={t("placer.properties.option")}
            value={f.option ?? ""}
            maxLength={200}
            onCommit={(v) => v.trim() && onChange({ option: v.trim() }, 0)}
          />
          <p className="text-xs text-slate-500" data-testid="radio-group-options">
            {groupOptions.length > 1
              ? t("placer.properties.groupOptions", { group: f.group ?? "", options: groupOptions.join(", ") })
              : t("placer.properties.radioHint")}
          </p>
        </>
      );
    case "NUMBER":
      return (
        <div className="grid grid-cols-3 gap-2">
          <NumberProp
            id="minimum"
            label={t("placer.properties.minimum")}
            value={f.min}
            min={-1e15}
            max={1e15}
            onCommit={(v) => onChange({ min: v }, 0)}
          />
          <NumberProp
            id="maximum"
            label={t("placer.properties.maximum")}
            value={f.max}
            min={-1e15}
            max={1e15}
            onCommit={(v) => onChange({ max: v }, 0)}
          />
          <NumberProp
            id="decimals"
            label={t("placer.properties.decimals")}
            value={f.decimals}
            min={0}
            max={6}
            integer
            onCommit={(v) => onChange({ decimals: v }, 0)}
          />
        </div>
      );
    case "FORMULA":
      return (
        <>
          <FormulaProp f={f} fields={fields} onChange={onChange} />
          <NumberProp
            id="decimals"
            label={t("placer.properties.decimals")}
            value={f.decimals ?? 2}
            min={0}
            max={6}
            integer
            onCommit={(v) => onChange({ decimals: v }, 0)}
          />
        </>
      );
    case "FILE": {
      const accept = f.accept ?? [...FILE_KINDS];
      return (
        <>
          <fieldset>
            <legend className="mb-1 text-xs font-medium text-slate-600">{t("placer.properties.accept")}</legend>
            <div className="flex gap-3">
              {FILE_KINDS.map((k) => (
                <label key={k} className="flex items-center gap-1 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="h-4 w-4 rounded border-slate-300"
                    checked={accept.includes(k)}
                    // At least one kind stays: a FILE that takes nothing could not be filled.
                    disabled={accept.length === 1 && accept.includes(k)}
                    onChange={(e) => onChange({ accept: e.target.checked ? [...accept, k] : accept.filter((x) => x !== k) }, 0)}
                  />
                  {k}
                </label>
              ))}
            </div>
          </fieldset>
          <NumberProp
            id="max-size-mb"
            label={t("placer.properties.maxSizeMb")}
            value={f.maxSizeMb ?? DEFAULT_FILE_MB}
            min={1}
            max={MAX_FILE_MB}
            integer
            onCommit={(v) => onChange({ maxSizeMb: v }, 0)}
          />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={f.multiple === true}
              onChange={(e) => onChange({ multiple: e.target.checked }, 0)}
              className="h-4 w-4 rounded border-slate-300"
            />
            {t("placer.properties.multiple")}
          </label>
        </>
      );
    }
    case "NAME":
    case "EMAIL":
      return (
        <p className="text-xs text-slate-500">
          {t(f.type === "NAME" ? "placer.properties.prefilledName" : "placer.properties.prefilledEmail")}
        </p>
      );
    case "CHECKBOX":
      return <p className="text-xs text-slate-500">{t("placer.properties.checkboxHint")}</p>;
    default:
      return null;
  }
}

/** A DROPDOWN's choices, one per line; saved on blur (empty lines dropped). */
function OptionsProp({ value, onCommit }: { value: string[]; onCommit: (v: string[]) => void }) {
  const joined = value.join("\n");
  const [v, setV] = useDraft(joined);
  const t = useDashboardT();
  const commit = () => {
    const options = v
      .split("\n")
      .map((o) => o.trim())
      .filter(Boolean);
    if (options.length === 0) return setV(joined);
    if (options.join("\n") !== joined) onCommit(options);
  };
  return (
    <Row id="options-one-per-line-" label={t("placer.properties.options")}>
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
