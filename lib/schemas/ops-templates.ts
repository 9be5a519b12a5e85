import { z } from "zod";
import { zIdParams } from "./common";
import { defineOperation } from "./operation";
import { zFieldParams, zSignatureRequest } from "./requests";
import { zTemplateFieldsResult } from "./ops-anchors";
import {
  zAddTemplateFields,
  zCreateTemplate,
  zPutTemplateRoles,
  zTemplateField,
  zTemplateFieldList,
  zTemplateRoles,
  zUpdateTemplateField,
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
  getTemplateRoles: defineOperation({
    method: "GET",
    path: `${T}/{id}/roles`,
    tag: "Templates",
    summary: "The template's roles, in order (the first is s1)",
    params: zIdParams,
    success: { status: 200, description: "The roles", data: zTemplateRoles },
    errors: [],
  }),
  putTemplateRoles: defineOperation({
    method: "PUT",
    path: `${T}/{id}/roles`,
    tag: "Templates",
    summary: "Replace the template's roles (ordered; a role keeps its fields when it keeps its id or name)",
    description:
      "Body { roles: [{ name, order?, role?, id? }] }, at most 50, names unique whatever their case; the first role is s1. A role given with its id (a rename) or its current name is kept, with its fields; a role left out is dropped, unless it has fields (422 TEMPLATE_ROLE_HAS_FIELDS naming it). order and role left out keep a kept role's values; a new role signs at its place (order = its position) as a SIGNER. A name of the form sN can only be the N-th role's.",
    params: zIdParams,
    body: zPutTemplateRoles,
    success: { status: 200, description: "The roles as they now are", data: zTemplateRoles },
    errors: [422],
  }),
  addTemplateFields: defineOperation({
    method: "POST",
    path: `${T}/{id}/fields`,
    tag: "Templates",
    summary: "Store fields by coordinates on a PDF template, each for a role (roleName: its name or sN)",
    description:
      "One field or { fields: [...] } (at most 1000), the shapes and every type of a request's fields (page, x, y, width, height in points from the top left; the types' properties), with roleName instead of recipientId. A DOCX template places its fields by anchors (422 TEMPLATE_NOT_PDF); an unknown role is a 422 TEMPLATE_ROLE_NOT_FOUND; a box off the page, a role that is not a SIGNER or a RADIO option given twice a 422 FIELD_PLACEMENT_INVALID. One bad field and none is stored.",
    params: zIdParams,
    body: zAddTemplateFields,
    success: { status: 201, description: "Fields stored on the template", data: zTemplateFieldList },
    errors: [422],
  }),
  updateTemplateField: defineOperation({
    method: "PATCH",
    path: `${T}/{id}/fields/{fieldId}`,
    tag: "Templates",
    summary: "Change a field of a PDF template (its box, role, type or properties)",
    params: zFieldParams,
    body: zUpdateTemplateField,
    success: { status: 200, description: "The field as it now is", data: zTemplateField },
    errors: [422],
  }),
  deleteTemplateField: defineOperation({
    method: "DELETE",
    path: `${T}/{id}/fields/{fieldId}`,
    tag: "Templates",
    summary: "Delete a field of a PDF template",
    params: zFieldParams,
    success: { status: 200, description: "Deleted", data: z.object({ id: z.uuid(), deleted: z.literal(true) }) },
    errors: [422],
  }),
  templateAnchoredFields: defineOperation({
    method: "POST",
    path: `${T}/{id}/fields/anchored`,
    tag: "Templates",
    summary:
      "Store fields on a PDF template at literal anchors (recipientId is sN: the N-th role, made when missing); also at /signature-requests/{templateId}/fields/anchored",
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
      "Each recipient takes a role: by roleName (a role's name, any case, or sN), or, when no recipient gives one, in order (the first takes s1, …; recipients beyond the roles are added as given). role and order default to the template role's. A role that has fields left without a recipient is a 422 TEMPLATE_RECIPIENTS_MISSING (details.roles); an unknown roleName a 422 TEMPLATE_ROLE_NOT_FOUND; two recipients for one role a 422 TEMPLATE_ROLE_TAKEN; nothing is made. A DOCX needs a value for every placeholder (422 lists the missing ones in details.missing); templateData on a PDF template is a 400. Fields stored on a PDF template are copied to their roles' recipients.",
    params: zUseTemplateParams,
    body: zUseTemplate,
    success: { status: 201, description: "The new draft", data: zSignatureRequest },
    errors: [422, 503],
  }),
};
