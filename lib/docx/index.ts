/** The DOCX engine: pure functions over bytes (no HTTP, no database, no LibreOffice). */
export { DocxError, type DocxErrorKind } from "./errors";
export { DOCX_LIMITS, type DocxLimits } from "./limits";
export { minimalDocx } from "./minimal-docx";
export { looksLikeZip, openDocx } from "./open-docx";
export { isFetchingField, stripExternalReferences } from "./strip-external";
export { classifyTag, PLACEHOLDER_NAME, type TagKind } from "./tags";
export {
  fillDocx,
  inspectDocx,
  missingPlaceholders,
  valueOf,
  type DocxAnchor,
  type DocxInspection,
  type TemplateData,
  type TemplateValue,
} from "./template";
