import { z } from "zod";
import { zIdParams } from "./common";
import { defineOperation } from "./operation";
import { zSignatureRequest } from "./requests";
import { zTemplateFieldsResult } from "./ops-anchors";
import {
  zCreateTemplate,
  zListTemplatesQuery,
  zTemplate,
  zTemplateAnchoredFields,
  zTemplateList,
  zUseTemplate,
  zUseTemplateParams,
} from "./templates";

const T = "/api/v1/enterprise/templates";

export const templatesOps = {
  createTemplate: defineOperation({
    method: "POST",
    path: T,
    tag: "Templates",
    summary: "Upload a PDF or DOCX template (judged by content); the record lists its placeholders and anchors",
    description:
      "Multipart: file (PDF, or DOCX with {{placeholders}} and anchors) and name. A DOCX whose tags are malformed (unclosed {{, loops, names other than letters, digits, _ and .) is refused with 422 naming them.",
    multipart: true,
    body: zCreateTemplate,
    success: { status: 201, description: "Created", data: zTemplate },
    errors: [422],
  }),
  listTemplates: defineOperation({
    method: "GET",
    path: T,
    tag: "Templates",
    summary: "List templates, newest first (cursor pagination)",
    query: zListTemplatesQuery,
    success: { status: 200, description: "A page of templates", data: zTemplateList },
    errors: [],
  }),
  getTemplate: defineOperation({
    method: "GET",
    path: `${T}/{id}`,
    tag: "Templates",
    summary: "Read a template with its placeholders, anchors and stored fields",
    params: zIdParams,
    success: { status: 200, description: "The template", data: zTemplate },
    errors: [],
  }),
  deleteTemplate: defineOperation({
    method: "DELETE",
    path: `${T}/{id}`,
    tag: "Templates",
    summary: "Delete a template (drafts made from it keep their documents)",
    params: zIdParams,
    success: { status: 200, description: "Deleted", data: z.object({ id: z.uuid(), deleted: z.literal(true) }) },
    errors: [],
  }),
  templateAnchoredFields: defineOperation({
    method: "POST",
    path: `${T}/{id}/fields/anchored`,
    tag: "Templates",
    summary:
      "Store fields on a PDF template at literal anchors (recipientId is s1, s2, …); also at /signature-requests/{templateId}/fields/anchored",
    params: zIdParams,
    body: zTemplateAnchoredFields,
    success: { status: 201, description: "Fields stored on the template", data: zTemplateFieldsResult },
    errors: [422],
  }),
  useTemplate: defineOperation({
    method: "POST",
    path: "/api/v1/enterprise/signature-requests/templates/{templateId}/use",
    tag: "Templates",
    summary: "Create a DRAFT from a template: DOCX filled from templateData and converted to PDF, or the PDF as it is",
    description:
      "Recipients are created in the order given: the first is s1, the second s2, … A DOCX needs a value for every placeholder (422 lists the missing ones in details.missing); templateData on a PDF template is a 400. Fields stored on a PDF template are copied to the matching recipients.",
    params: zUseTemplateParams,
    body: zUseTemplate,
    success: { status: 201, description: "The new draft", data: zSignatureRequest },
    errors: [422, 503],
  }),
};
