// What the signing page says of a value an earlier recipient gave (GET /api/sign/{token}: signedValues), and where it
// stands: plain functions, no React, so that they are tested without a browser.
import type { SigningT } from "./intl";
import type { SigningView } from "./types";

/** A value a recipient who signed put on the documents (GET /api/sign/{token}: signedValues). */
export type EarlierValue = SigningView["signedValues"][number];

/** The earlier values standing on one page of one document. */
export const earlierOnPage = (values: readonly EarlierValue[], documentId: string, page: number) =>
  values.filter((v) => v.documentId === documentId && v.page === page);

const title = (v: EarlierValue, t: SigningT) =>
  (v.type === "RADIO" && v.value.kind === "choice" ? v.value.option : v.label || t(`fields.type.${v.type}`)).trim();

/** What a screen reader says of the box: what it is, what it holds, who gave it. */
export function earlierName(v: EarlierValue, t: SigningT): string {
  const name = v.signedBy;
  switch (v.value.kind) {
    case "image":
    case "typed":
      return t("fields.earlier.signedBy", { title: title(v, t), name });
    case "check":
      return t("fields.earlier.filledBy", {
        title: title(v, t),
        value: v.value.checked ? t("fields.earlier.ticked") : t("fields.earlier.notTicked"),
        name,
      });
    case "choice":
      return t("fields.earlier.filledBy", {
        title: title(v, t),
        value: v.value.selected ? t("fields.earlier.chosen") : t("fields.earlier.notChosen"),
        name,
      });
    case "files":
      return t("fields.earlier.filledBy", { title: title(v, t), value: v.value.names.join(", "), name });
    default:
      return t("fields.earlier.filledBy", { title: title(v, t), value: v.value.text, name });
  }
}
