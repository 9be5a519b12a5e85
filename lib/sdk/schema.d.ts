// Generated from the OpenAPI document (/api/v1/openapi.json) by scripts/openapi-types.ts: do not edit.
// Regenerate with: node --conditions=react-server --import tsx scripts/openapi-types.ts

export interface paths {
  "/api/v1/api-keys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the organization's keys visible to this key
     * @description Needs the API key scope keys:manage.
     */
    get: operations["listApiKeys"];
    put?: never;
    /**
     * Create an API key (the full key is returned once)
     * @description Needs the API key scope keys:manage.
     */
    post: operations["createApiKey"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/api-keys/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API key
     * @description Needs the API key scope keys:manage.
     */
    delete: operations["revokeApiKey"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/api-keys/{id}/mcp-calls": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The newest calls an agent made with a key through the MCP server (?limit, 1–200, default 50)
     * @description Needs the API key scope keys:manage.
     */
    get: operations["listMcpCalls"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List signature requests, newest first (cursor pagination)
     * @description Needs the API key scope requests:read.
     */
    get: operations["listRequests"];
    put?: never;
    /**
     * Create a DRAFT signature request from one or several PDFs
     * @description Multipart parts: `file` (or `documentFile`: repeat it for several documents, read in the order given), `title`, `delivery_mode`, `locale`, `timezone`, `dateFormat`, and the send settings `subject`, `message`, `replyTo`, `expiresAt` or `expiryDays`, and `reminders` as JSON (`{"firstAfterDays":2,"everyDays":3,"max":2}` or `null`). Expiry and reminders not given: the organization's defaults (GET /settings/sending), else EXPIRY_DAYS and no reminders.
     *
     *     Needs the API key scope requests:write.
     */
    post: operations["createRequest"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a signature request with its document, recipients and fields
     * @description Needs the API key scope requests:read.
     */
    get: operations["getRequest"];
    put?: never;
    post?: never;
    /**
     * Delete a DRAFT
     * @description Needs the API key scope requests:write.
     */
    delete: operations["deleteRequest"];
    options?: never;
    head?: never;
    /**
     * Change a DRAFT: title, locale, timezone, dateFormat and its send settings
     * @description Only what the body gives changes; null clears subject, message, replyTo, reminders and locale. Send settings: `subject` (≤ 200 characters, one line) and `message` (plain text, ≤ 5,000 characters) of the invitation and reminders; `expiresAt` (ISO 8601 with offset, in the future, ≤ 365 days ahead) or `expiryDays` (1–365, from sending), not both; `reminders` `{ firstAfterDays, everyDays, max }` (days 1–365, max 0–10) or null; `replyTo` (an e-mail address; null: the staff member who sends). See docs/api.md, "Send settings". A request that is not a DRAFT: 409 REQUEST_NOT_DRAFT, nothing changed. Audited as request.updated.
     *
     *     Needs the API key scope requests:write.
     */
    patch: operations["updateRequest"];
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/document": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download the first document's current PDF, or (?all=1) every document in one zip
     * @description Needs the API key scope requests:read.
     */
    get: operations["getDocument"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/documents": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add a PDF to a DRAFT as another document
     * @description Multipart parts: `file` (the PDF, judged and stored as an upload is), `name` (else the file's name), `order` (else last). Limits: MAX_DOCUMENTS documents, MAX_REQUEST_MB and MAX_REQUEST_PAGES for the documents together.
     *
     *     Needs the API key scope requests:write.
     */
    post: operations["addDocument"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/documents/{documentId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download one document's current PDF (application/pdf)
     * @description Needs the API key scope requests:read.
     */
    get: operations["getRequestDocument"];
    put?: never;
    post?: never;
    /**
     * Remove a document from a DRAFT (with its fields when ?removeFields=true)
     * @description Needs the API key scope requests:write.
     */
    delete: operations["deleteDocument"];
    options?: never;
    head?: never;
    /**
     * Rename a document of a DRAFT, or move it to another place
     * @description Needs the API key scope requests:write.
     */
    patch: operations["updateDocument"];
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/attachments/{attachmentId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a file a signer attached (as kept: a PDF, PNG or JPEG, always as an attachment)
     * @description Needs the API key scope requests:read.
     */
    get: operations["getRequestAttachment"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/audit": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The audit trail of a request
     * @description Needs the API key scope requests:read.
     */
    get: operations["getAudit"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/send": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a DRAFT: IN_PROGRESS, and the first signers are invited by e-mail
     * @description A production send by a key whose sends need approval (`sendsNeedApproval`) is not sent: it is checked as a send, then waits for a staff member's approval (202, `awaitingApproval: true`); the request cannot change meanwhile (409 REQUEST_AWAITING_APPROVAL). Approved, it is sent as it stood (webhook signature_request.sent); rejected, it is a DRAFT again (webhook signature_request.approval_rejected with the reason).
     *
     *     Needs the API key scope requests:send.
     */
    post: operations["sendRequest"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel an IN_PROGRESS request; signing links stop working
     * @description Needs the API key scope requests:send.
     */
    post: operations["cancelRequest"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/recipients": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add a recipient to a DRAFT (order or signingOrder: same order = parallel)
     * @description Needs the API key scope requests:write.
     */
    post: operations["addRecipient"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/recipients/{recipientId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a recipient (and its fields) from a DRAFT
     * @description Needs the API key scope requests:write.
     */
    delete: operations["deleteRecipient"];
    options?: never;
    head?: never;
    /**
     * Change a recipient of a DRAFT
     * @description Needs the API key scope requests:write.
     */
    patch: operations["updateRecipient"];
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/fields": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add fields by coordinates (points from the top-left of the displayed page): one field or { fields: [...] }
     * @description Needs the API key scope requests:write.
     */
    post: operations["addFields"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/fields/{fieldId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a field from a DRAFT
     * @description Needs the API key scope requests:write.
     */
    delete: operations["deleteField"];
    options?: never;
    head?: never;
    /**
     * Move, resize or change a field of a DRAFT
     * @description Needs the API key scope requests:write.
     */
    patch: operations["updateField"];
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/remind": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * E-mail again the signers whose turn it is
     * @description Needs the API key scope requests:send.
     */
    post: operations["remindRequest"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/recipients/{recipientId}/resend": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mail one recipient's invitation again (the same link), while it is their turn; recorded in the audit trail
     * @description IN_PROGRESS only (else 409 for the request's state); the recipient invited and not finished (PENDING: 409 RECIPIENT_NOT_YOUR_TURN; finished: their state's 409); a CC or an EMBEDDED recipient: 422. At most 2 a minute per recipient (429).
     *
     *     Needs the API key scope requests:send.
     */
    post: operations["resendInvitation"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/recipients/{recipientId}/correct": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Correct a sent request's recipient's name or e-mail before they finish: the old link answers 410, a new one is mailed; audited
     * @description IN_PROGRESS only (a DRAFT's recipient is changed with PATCH: 409 REQUEST_NOT_SENT); the recipient PENDING, SENT or VIEWED (finished: their state's 409). The old link is retired: it answers 410 (details.status REPLACED) naming nothing of the document; sessions and embedded URLs opened with it end. When it is their turn a new invitation goes to the address now set (`invited`). Recorded as recipient.corrected (from, to). Allowed to an API key and, in the dashboard, to an admin or the request's creator (who may copy the link); another staff member: 403 ADMIN_REQUIRED.
     *
     *     Needs the API key scope requests:send.
     */
    post: operations["correctRecipient"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/recipients/{recipientId}/signing-link": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A recipient's signing link, for staff to hand over another way: admins and the request's creator, in the dashboard only; audited
     * @description The link is a bearer credential: only a staff member signed in to the dashboard (the proxy's call) who is an ADMIN or created the request gets it (else 403 ADMIN_REQUIRED; an API key alone never does). While it is the recipient's turn, as for resend. Recorded as recipient.signing_link.copied.
     *
     *     Needs the API key scope requests:send.
     */
    post: operations["copyRecipientSigningLink"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/reseal": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Seal again a request every signer has signed (after its seal failed); 202, the seal is queued
     * @description 409 unless every SIGNER has signed and the request is IN_PROGRESS (not COMPLETED, CANCELLED, DECLINED or EXPIRED). The seal job is queued (not doubled if one is already queued or running); sealError stays until a seal succeeds.
     *
     *     Needs the API key scope requests:write.
     */
    post: operations["resealRequest"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What the signer's page shows: the request, this signer's fields, whether it is their turn
     * @description 404 for an unknown link; 410 once the request was cancelled, expired or declined (details: status, recipientStatus; othersTold for the recipient who declined), or completed more than 30 days ago. A COMPLETED request's link shows the request and the sealed copy (no fields) until availableUntil. Limited per link and per client address: 429 with Retry-After. A recipient added with authentication ACCESS_CODE or EMAIL_CODE must give their code before any other signer endpoint answers: without a live signer session they answer 401 (details.reason AUTHENTICATION_REQUIRED, details.authentication as here), and nothing of the document (title, fields, bytes, sender) is shown.
     */
    get: operations["viewSigning"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}/document": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The PDF to sign, without its anchor text (removed as the seal removes it); once the request is COMPLETED, the sealed copy (for 30 days) */
    get: operations["signingDocument"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}/documents": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What this link downloads: every document (sealed once COMPLETED) and, once COMPLETED, every file signers kept
     * @description Each document downloads at /document?document={id}, named by `fileName`; each attachment at /attachments/{id}. The same rules as /document: 410 once the link ended, the code first where the link asks for one. A recipient added with authentication ACCESS_CODE or EMAIL_CODE must give their code before any other signer endpoint answers: without a live signer session they answer 401 (details.reason AUTHENTICATION_REQUIRED, details.authentication as here), and nothing of the document (title, fields, bytes, sender) is shown.
     */
    get: operations["signingFiles"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}/attachments/{attachmentId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A file a signer attached and kept, once the request is COMPLETED (as kept, always as an attachment)
     * @description Only a file kept under this request's seal, only once COMPLETED: any other id (another request's, one not kept, before completion, not an id at all) is 404 ATTACHMENT_NOT_FOUND. A recipient added with authentication ACCESS_CODE or EMAIL_CODE must give their code before any other signer endpoint answers: without a live signer session they answer 401 (details.reason AUTHENTICATION_REQUIRED, details.authentication as here), and nothing of the document (title, fields, bytes, sender) is shown.
     */
    get: operations["signingAttachment"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}/values/{fieldId}/image": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The image of a signature or initials a recipient who signed drew or uploaded, as the view lists it (signedValues)
     * @description Only an image the view shows this link (`signedValues[].value.imageId`): any other id (another request's field, a field not signed, hidden by its conditions or holding no image, not an id at all) is 404 FIELD_NOT_FOUND. Served as stored (PNG or JPEG, re-encoded at signing) with nosniff. A recipient added with authentication ACCESS_CODE or EMAIL_CODE must give their code before any other signer endpoint answers: without a live signer session they answer 401 (details.reason AUTHENTICATION_REQUIRED, details.authentication as here), and nothing of the document (title, fields, bytes, sender) is shown.
     */
    get: operations["earlierValueImage"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}/pages/{page}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One page of what GET /document serves, drawn as an image `w` pixels wide (the signer's page shows these)
     * @description PNG, or JPEG when that is smaller (a scan). `w` is one of 480, 720, 960, 1200, 1600, 2000, 2400, 3000; a very tall page is drawn narrower so that no image passes 16 million pixels. `v` is free (the client puts the document's SHA-256 there so that a new version is a new URL); the ETag is the served PDF's SHA-256. Limited per link and per address in buckets of their own, and drawing a page not drawn before in another, per link: 429 with Retry-After. A page beyond the document's: 404 PAGE_NOT_FOUND.
     */
    get: operations["signingPageImage"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}/pages/{page}/text": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The text of one page of what GET /document serves: laid over the page's image, to be read aloud, selected and found
     * @description Items in reading order: `s` the string, `x`, `y`, `w`, `h` its box in points from the page's top-left (rotation applied), `f` the font size, `d` the direction when not left to right (90, 180, 270). Same limits as the image.
     */
    get: operations["signingPageText"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}/sign": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign: a value for each of this signer's fields, and consent
     * @description Signature images are judged before anything is stored: PNG or JPEG by content (else 415), at most 2 MB decoded, 4000 pixels a side and 16 million pixels (else 422), each error naming its field (values.<i>.image). One value per field: a fieldId given twice is 422 FIELD_VALUE_REPEATED (details.fieldId), and nothing is recorded.
     */
    post: operations["submitSignature"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}/files": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Attach a file to one of this signer's FILE fields
     * @description Multipart parts: `fieldId` and `file`. The file is judged by its content, whatever its name or type says: a kind the field does not take is 415 ATTACHMENT_TYPE_NOT_ACCEPTED, one over the field's maxSizeMb 413 ATTACHMENT_TOO_LARGE; an image is decoded and encoded again (422 ATTACHMENT_DAMAGED when it cannot be), a PDF read as an uploaded document (the engine's limits, kept in its one reading). Nothing is kept of a refused file. A FILE field its conditions hide, given the values the signer saved (PUT …/draft) and earlier signers gave, takes no file: 409 FIELD_HIDDEN. A link holds at most SIGNER_UPLOADS_MAX_MB (50) of uploads and a request's signers together REQUEST_UPLOADS_MAX_MB (200), kept or not yet released: 413 SIGNER_UPLOADS_OVER_BUDGET or REQUEST_UPLOADS_OVER_BUDGET (details.limitBytes, heldBytes, fileBytes). The signature names the files it keeps (`values[].files`); the seal embeds them in the sealed PDF; the others are released when the turn ends.
     */
    post: operations["uploadSignerFile"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}/draft": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Save what the signer has entered so far in some of their fields, to find it again on reload or another device
     * @description Not a signature: nothing is signed, recorded in the audit trail or sent as a webhook, and POST …/sign still takes every value. Each entry replaces its field's saved value (one of text, checked, typed, image; none removes it); GET /api/sign/{token} serves them back as `drafts` while it is the signer's turn. Only a SIGNER whose turn it is, in a request IN_PROGRESS (else the 409 or 410 signing would answer); only their own fields, each once, with the kind of value it takes (else 422 naming the entry, and nothing is saved); an image is judged and cleaned as at signing (400, 415, 422). The saved values go when the turn ends: the signer signs or declines, their link is replaced, the request is declined, cancelled, expires or completes. Counted in the link's own rate limit (429 with Retry-After). A recipient added with authentication ACCESS_CODE or EMAIL_CODE must give their code before any other signer endpoint answers: without a live signer session they answer 401 (details.reason AUTHENTICATION_REQUIRED, details.authentication as here), and nothing of the document (title, fields, bytes, sender) is shown.
     */
    put: operations["saveSigningDraft"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}/approve": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve (an APPROVER whose turn it is): the recipient becomes APPROVED and the order advances
     * @description Body { consent: true }. Only a recipient with role APPROVER, invited (SENT or VIEWED): else 409 naming why (a signer signs, a viewer has nothing to approve, not your turn, already approved). Records recipient.approved (time, IP, user agent) and sends the signature_request.approved webhook; the next order group is invited, or, when every SIGNER signed, every APPROVER approved and every VIEWER viewed, the seal is queued (completed: true). An approver declines with POST …/decline, as a signer does.
     */
    post: operations["approveSigning"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}/delegate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Hand this turn to someone else (when the sender allows it): same place in the order, same fields
     * @description Body { name, email, reason, locale? }. Allowed to a signer or approver whose turn it is and whose recipient has canDelegate (set by the sender, or the template's role); else 403 DELEGATION_NOT_ALLOWED. This link stops at once (410, details.status DELEGATED); the person named is invited with a link of their own, may not hand over again, and, where the sender had given an access code, is asked for an e-mailed code instead. The audit trail records recipient.delegated, the webhook recipient.delegated fires, and the certificate says on whose behalf they signed, when it was handed over and why.
     */
    post: operations["delegateSigning"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}/decline": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Decline to sign, with a reason: the request becomes DECLINED */
    post: operations["declineSigning"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}/authentication": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether this link asks for a code, and what the page may show before it is given
     * @description A recipient added with authentication ACCESS_CODE or EMAIL_CODE must give their code before any other signer endpoint answers: without a live signer session they answer 401 (details.reason AUTHENTICATION_REQUIRED, details.authentication as here), and nothing of the document (title, fields, bytes, sender) is shown.
     */
    get: operations["signerAuthentication"];
    put?: never;
    /**
     * Give the access code or the e-mailed code: a signer session (cookie) for this link
     * @description Right: 200 and Set-Cookie signet_signer_<link id> (HttpOnly, SameSite=Lax, Secure over https), a session for this link only, ending 30 minutes after its last use (8 hours at most). Wrong: 401 (details.reason WRONG_CODE, attemptsLeft); the fifth wrong code in a row locks the link for 15 minutes: 429 with Retry-After (details.reason LOCKED, lockedUntil). An e-mailed code works once, for 10 minutes, and only the last one sent. 409 for a link that needs no code.
     */
    post: operations["verifySignerCode"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/sign/{token}/authentication/code": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * EMAIL_CODE: mail a new 6-digit code to the recipient's address (valid 10 minutes, once)
     * @description The mail is queued with the code's row; a new code ends the ones before it. One code per 30 seconds and five an hour per recipient, none while the link is locked: 429 with Retry-After (details.nextCodeAt or lockedUntil). 409 for a link without EMAIL_CODE.
     */
    post: operations["sendSignerCode"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/webhooks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhook endpoints
     * @description Needs the API key scope webhooks:manage.
     */
    get: operations["listWebhooks"];
    put?: never;
    /**
     * Subscribe a URL to events; the signing secret (whsec_…) is returned once
     * @description Needs the API key scope webhooks:manage.
     */
    post: operations["createWebhook"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/webhooks/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a webhook endpoint
     * @description Needs the API key scope webhooks:manage.
     */
    delete: operations["deleteWebhook"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/webhooks/{id}/deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The last 100 deliveries to an endpoint, with their attempts and results
     * @description Needs the API key scope webhooks:manage.
     */
    get: operations["listWebhookDeliveries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/outbox": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * How mail goes out, the mail that has not gone, and the last 200 messages sent or written to the outbox (when no SMTP_URL is set), newest first
     * @description `delivery` is smtp (through SMTP_URL; `smtpHost` its host) or outbox (written to DATA_DIR/outbox). `undelivered`: the last 50 mails of this organization's requests that were tried and failed: RETRYING (the queue tries again at `nextAttemptAt`) or FAILED (given up; POST /outbox/undelivered/{id}/retry queues it again), with what the server said (`lastError`).
     *
     *     Needs the API key scope requests:read.
     */
    get: operations["listOutbox"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/outbox/undelivered/{id}/retry": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Queue again a mail that was given up on (FAILED), with its attempts from none; recorded in the request's audit trail
     * @description Needs the API key scope requests:send.
     */
    post: operations["retryUndeliveredMail"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/outbox/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One message of the outbox, as text and HTML
     * @description Needs the API key scope requests:read.
     */
    get: operations["getOutboxMessage"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/outbox/{id}/signing-link": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The signing link an invitation or reminder carried: for an admin in the dashboard only, audited
     * @description Needs the API key scope requests:send.
     */
    post: operations["copyOutboxSigningLink"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/anchors/preview": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm anchors are in the PDF text layer (or list every {{…}} anchor, parsed, with positions)
     * @description Needs the API key scope requests:read.
     */
    post: operations["previewAnchors"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/fields/anchors": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create fields from anchors (unified format)
     * @description Body { recipientId, signerRef, sizes? } (unified {{sN|…}} anchors of that signer; `sizes` gives chosen anchors' fields another box, as the preview's `layout.fit`) or { fields: [{ anchorKey, type, recipientId, xOffset, yOffset, width, height, occurrenceIndex? }] } (literal and {{signet:…}} anchors); both spellings take both bodies.
     *
     *     Needs the API key scope requests:write.
     */
    post: operations["anchorFields"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/fields/anchored": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create fields from literal or legacy anchors with offsets (on a request, or on a PDF template)
     * @description Body { recipientId, signerRef, sizes? } (unified {{sN|…}} anchors of that signer; `sizes` gives chosen anchors' fields another box, as the preview's `layout.fit`) or { fields: [{ anchorKey, type, recipientId, xOffset, yOffset, width, height, occurrenceIndex? }] } (literal and {{signet:…}} anchors); both spellings take both bodies.
     *
     *     Needs the API key scope requests:write.
     */
    post: operations["anchoredFields"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/fields/anchors/image": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Stamp a PNG or JPEG at an anchor (FIT, FILL or STRETCH); DRAFT only; a new document version
     * @description Needs the API key scope requests:write.
     */
    post: operations["stampImage"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/fields/anchored/image": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Stamp an image at an anchor (the legacy spelling of /fields/anchors/image)
     * @description Needs the API key scope requests:write.
     */
    post: operations["stampImageLegacy"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/anchors/text-replacements": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace fixed text at anchors: the box is painted white and the text drawn in it; all or nothing
     * @description Needs the API key scope requests:write.
     */
    post: operations["replaceText"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/templates": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List templates, newest first (cursor pagination)
     * @description Needs the API key scope templates:read.
     */
    get: operations["listTemplates"];
    put?: never;
    /**
     * Upload a template of one or several PDF and DOCX documents (judged by content); the record lists its placeholders and anchors
     * @description Multipart: file (PDF, or DOCX with {{placeholders}} and anchors; repeat the part for several documents, in order, PDF and DOCX mixed) and name. A DOCX whose tags are malformed (unclosed {{, loops, names other than letters, digits, _ and .) is refused with 422 naming them. Limits: MAX_DOCUMENTS documents, MAX_REQUEST_MB and MAX_REQUEST_PAGES (a PDF's pages) together; one bad file and nothing is stored.
     *
     *     Needs the API key scope templates:write.
     */
    post: operations["createTemplate"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/templates/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a template with its placeholders, anchors and stored fields
     * @description Needs the API key scope templates:read.
     */
    get: operations["getTemplate"];
    put?: never;
    post?: never;
    /**
     * Delete a template (drafts made from it keep their documents)
     * @description Needs the API key scope templates:write.
     */
    delete: operations["deleteTemplate"];
    options?: never;
    head?: never;
    /**
     * Rename a template (its file, roles and fields stay)
     * @description Needs the API key scope templates:write.
     */
    patch: operations["updateTemplate"];
    trace?: never;
  };
  "/api/v1/enterprise/templates/{id}/document": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download the template's first document as uploaded: a PDF, or a DOCX
     * @description Needs the API key scope templates:read.
     */
    get: operations["getTemplateDocument"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/templates/{id}/documents": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add a PDF or DOCX to a template as another document
     * @description Multipart parts: `file` (judged by its content as an upload is), `name` (else the file's name), `order` (else last). Roles its anchors name (s1…sN) are made. The limits of a template's documents together are a request's.
     *
     *     Needs the API key scope templates:write.
     */
    post: operations["addTemplateDocument"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/templates/{id}/documents/{documentId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download one of the template's documents as uploaded: a PDF, or a DOCX
     * @description Needs the API key scope templates:read.
     */
    get: operations["getTemplateDocumentFile"];
    put?: never;
    post?: never;
    /**
     * Remove a template's document (with its fields when ?removeFields=true)
     * @description Needs the API key scope templates:write.
     */
    delete: operations["deleteTemplateDocument"];
    options?: never;
    head?: never;
    /**
     * Rename a template's document, or move it to another place
     * @description Needs the API key scope templates:write.
     */
    patch: operations["updateTemplateDocument"];
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/save-as-template": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make a PDF template from a request: its documents, its recipients as roles, its fields on those roles
     * @description Body { name? } (default: the request's title). Each document is the request's document as its latest version before the seal (what its recipients saw); each recipient becomes a role, in signing order, named after them (unique whatever the case; rename in PUT /templates/{id}/roles), with their recipient role and signing order; each field is stored on its recipient's role, on the same document. Any status; the request is not changed, and its audit trail records request.saved_as_template.
     *
     *     Needs the API key scopes requests:read and templates:write.
     */
    post: operations["saveAsTemplate"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/templates/{id}/roles": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The template's roles, in order (the first is s1)
     * @description Needs the API key scope templates:read.
     */
    get: operations["getTemplateRoles"];
    /**
     * Replace the template's roles (ordered; a role keeps its fields when it keeps its id or name)
     * @description Body { roles: [{ name, order?, role?, id? }] }, at most 50, names unique whatever their case; the first role is s1. A role given with its id (a rename) or its current name is kept, with its fields; a role left out is dropped, unless it has fields (422 TEMPLATE_ROLE_HAS_FIELDS naming it). order and role left out keep a kept role's values; a new role signs at its place (order = its position) as a SIGNER. A name of the form sN can only be the N-th role's.
     *
     *     Needs the API key scope templates:write.
     */
    put: operations["putTemplateRoles"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/templates/{id}/fields": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Store fields by coordinates on a template's PDF documents, each for a role (roleName: its name or sN)
     * @description One field or { fields: [...] } (at most 1000), the shapes and every type of a request's fields (page, x, y, width, height in points from the top left; the types' properties), with roleName instead of recipientId and documentId naming one of the template's PDF documents (else its first PDF). A DOCX document places its fields by anchors (422 TEMPLATE_NOT_PDF); an unknown role is a 422 TEMPLATE_ROLE_NOT_FOUND; a box off the page, a role that is not a SIGNER or a RADIO option given twice a 422 FIELD_PLACEMENT_INVALID. One bad field and none is stored.
     *
     *     Needs the API key scope templates:write.
     */
    post: operations["addTemplateFields"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/templates/{id}/fields/{fieldId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a field of a PDF template
     * @description Needs the API key scope templates:write.
     */
    delete: operations["deleteTemplateField"];
    options?: never;
    head?: never;
    /**
     * Change a field of a PDF template (its box, role, type or properties)
     * @description Needs the API key scope templates:write.
     */
    patch: operations["updateTemplateField"];
    trace?: never;
  };
  "/api/v1/enterprise/templates/{id}/fields/anchored": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Store fields on a PDF template at literal anchors (recipientId is sN: the N-th role, made when missing); also at /signature-requests/{templateId}/fields/anchored
     * @description Needs the API key scope templates:write.
     */
    post: operations["templateAnchoredFields"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/templates/{templateId}/use": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a DRAFT from a template: DOCX filled from templateData and converted to PDF, or the PDF as it is
     * @description Each recipient takes a role: by roleName (a role's name, any case, or sN), or, when no recipient gives one, in order (the first takes s1, …; recipients beyond the roles are added as given). role and order default to the template role's. A role that has fields left without a recipient is a 422 TEMPLATE_RECIPIENTS_MISSING (details.roles); an unknown roleName a 422 TEMPLATE_ROLE_NOT_FOUND; two recipients for one role a 422 TEMPLATE_ROLE_TAKEN; nothing is made. A DOCX needs a value for every placeholder (422 lists the missing ones in details.missing); templateData on a PDF template is a 400. Fields stored on a PDF template are copied to their roles' recipients.
     *
     *     Needs the API key scopes templates:read and requests:write.
     */
    post: operations["useTemplate"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/verify": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Check a PDF: is it sealed by this service and unmodified since, its PAdES level and time-stamp
     * @description No API key. multipart/form-data with one part, `file` (at most the upload limit, else 413). Bytes that are not a PDF: 415; a PDF that cannot be read, or is too complex: 422. Every signature is checked (byte range, digest, CMS signature): its `outcome` is PASSED, FAILED (with `failed`) or INDETERMINATE (with `indeterminate`: an algorithm or form Signet does not check, a CMS beyond its parse limits), and `modificationsAfter` names what was changed after it. The seal is compared with this server's sealing certificate. `document` (title, signers with masked e-mail addresses, completion time) is given only when the file is a sealed document this server stored. Limited per client address (VERIFY_RATE_LIMIT_IP a minute, default 20): 429 with Retry-After.
     */
    post: operations["verifyDocument"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/signature-requests/{id}/recipients/{recipientId}/signing-url": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A signing URL for an EMBEDDED recipient, to frame on an allowed origin: valid 5 minutes, once
     * @description For a recipient with `delivery: EMBEDDED` whose turn it is (status SENT or VIEWED) in an IN_PROGRESS request. Opening the URL consumes it and shows the usual signing page; it may be framed only by the origins in the server's EMBED_ALLOWED_ORIGINS, and posts `signet:loaded`, `signet:signed`, `signet:declined` to its parent. Ask for a new URL each time the page is shown. 409: the request is not IN_PROGRESS, or it is not (or no longer) this recipient's turn; 422: the recipient is not EMBEDDED (or is a CC). See docs/embedding.md.
     *
     *     Needs the API key scope requests:send.
     */
    post: operations["createSigningUrl"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/templates/{id}/public-links": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The template's public links, newest first, revoked ones included, with their counts
     * @description Needs the API key scope templates:read.
     */
    get: operations["listPublicLinks"];
    put?: never;
    /**
     * Make a public link of a template: anyone who opens it starts a request from it, taking one role
     * @description Body (every key optional): name (default: the template's), role (the role the visitor takes, by name, sN or id; default: the first), people ({ role: { name, email } }: the other roles fixed on the link; a role left out is named by the visitor), accessCode (6–64 characters, never returned; null: none), expiresAt (ISO 8601, in the future; null: never), quota { total?, perDay? } (requests started; per day in UTC; null: no limit), oncePerEmail, confirmEmail (a code is mailed to the visitor, who gives it before anything is made). A role named twice, a role the template does not have, or the visitor's own role in people: 422.
     *
     *     Needs the API key scopes templates:write and requests:send.
     */
    post: operations["createPublicLink"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/templates/{id}/public-links/{linkId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One public link, with its counts (visits, requests started, started today, completed)
     * @description Needs the API key scope templates:read.
     */
    get: operations["getPublicLink"];
    put?: never;
    post?: never;
    /**
     * Revoke a link for good: its page answers 410 and serves nothing; the requests it started go on
     * @description Needs the API key scope templates:write.
     */
    delete: operations["revokePublicLink"];
    options?: never;
    head?: never;
    /**
     * Change a link's settings, or pause (status PAUSED) and resume (ACTIVE) it
     * @description Body: any of name (default: the template's), role (the role the visitor takes, by name, sN or id; default: the first), people ({ role: { name, email } }: the other roles fixed on the link; a role left out is named by the visitor), accessCode (6–64 characters, never returned; null: none), expiresAt (ISO 8601, in the future; null: never), quota { total?, perDay? } (requests started; per day in UTC; null: no limit), oncePerEmail, confirmEmail (a code is mailed to the visitor, who gives it before anything is made). and status (ACTIVE | PAUSED). A revoked link changes no more: 410 PUBLIC_LINK_REVOKED.
     *
     *     Needs the API key scopes templates:write and requests:send.
     */
    patch: operations["updatePublicLink"];
    trace?: never;
  };
  "/api/v1/enterprise/templates/{id}/public-links/{linkId}/qr": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The link's QR code to print: PNG (default, 1024 px) or ?format=svg
     * @description Needs the API key scope templates:read.
     */
    get: operations["publicLinkQr"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/{slug}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What a public link's page shows: the template's name, the visitor's role, who else they must name, and what they must give
     * @description No key: the slug is the link. 404 PUBLIC_LINK_NOT_FOUND (unknown, or its template deleted); 410 PUBLIC_LINK_REVOKED / PUBLIC_LINK_EXPIRED; 409 PUBLIC_LINK_PAUSED; 409 PUBLIC_LINK_QUOTA_REACHED when its total quota is used up. Limited per address and per link (429). Counts a visit.
     */
    get: operations["viewPublicLink"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/{slug}/visits": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start: the visitor's name and e-mail (and the people the link leaves to them); the request is made and sent, or a code is mailed first
     * @description Body { name, email, people?: { sN: { name, email } }, accessCode?, locale? }. Without confirmEmail: 201, the request made from the template and sent, the visitor its recipient in the link's role (signingUrl: their page when it is their turn now; they are mailed their link too, to come back). With confirmEmail: 202 CONFIRMING and a 6-digit code mailed; POST …/visits/{visitId}/confirm. Refusals: 401 PUBLIC_LINK_CODE_WRONG (the access code), 409 PUBLIC_LINK_QUOTA_REACHED / PUBLIC_LINK_ALREADY_USED (oncePerEmail), 429 with Retry-After for the day's quota or the rate limits, 422 for a person missing or given for a role the link fixes.
     */
    post: operations["startVisit"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/{slug}/visits/{visitId}/confirm": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Give the code mailed to the visitor: the request is made and sent
     * @description Body { code }. Wrong: 401 PUBLIC_LINK_CODE_WRONG (details.attemptsLeft); the fifth wrong code, or a code over 15 minutes old, ends the visit (410 PUBLIC_VISIT_ENDED: start again). The quota and oncePerEmail are judged now.
     */
    post: operations["confirmVisit"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/templates/{id}/bulk-send": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a template to many recipients: one request per CSV (or JSON) row
     * @description multipart/form-data with a CSV in the part `file` (a header row; columns s1.name, s1.email, s2.name, … for each signer reference of the template, one per DOCX placeholder, optional title), or application/json { rows: [{ "s1.name": …, "s1.email": …, <placeholder>: … }] }. At most 1000 rows (else 422, nothing created). Every row is validated first: invalid rows are reported in errors and kept as FAILED, the others become one request each (fields from the template's stored fields and anchors), sent by the job queue. ?dryRun=true validates and answers the parsed rows and errors (200) without creating anything.
     *
     *     Needs the API key scopes templates:read and requests:send.
     */
    post: operations["bulkSend"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/bulk-sends": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List bulk sends, newest first (cursor pagination)
     * @description Needs the API key scope requests:read.
     */
    get: operations["listBulkSends"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/bulk-sends/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A bulk send with each row's status, request id or error
     * @description Needs the API key scope requests:read.
     */
    get: operations["getBulkSend"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/enterprise/settings/sending": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's defaults for new drafts: expiry in days, the reminder schedule, time zone and date format
     * @description Needs the API key scope settings:manage.
     */
    get: operations["getSendingDefaults"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change the organization's defaults for new drafts (a production key, or an admin in the dashboard)
     * @description `expiryDays` (1–365; null: the server's EXPIRY_DAYS), `reminders` ({ firstAfterDays, everyDays, max } or null: none), `timezone` (an IANA zone; an unknown one is a 400 VALIDATION_FAILED that changes nothing) and `dateFormat`. They apply to drafts made afterwards, in both environments; existing requests keep theirs. A sandbox key or a dashboard member: 403 ADMIN_REQUIRED.
     *
     *     Needs the API key scope settings:manage.
     */
    patch: operations["updateSendingDefaults"];
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Error: {
      code: number;
      statusText: string;
      message: string;
      data: null;
      /**
       * @description The condition's stable machine code: one per condition, never renamed (docs/api.md, "Error codes", gives each one's status and meaning)
       * @enum {string}
       */
      errorCode:
        | "VALIDATION_FAILED"
        | "INPUT_NOT_STORABLE"
        | "UNKNOWN_PARAMETER"
        | "MALFORMED_JSON"
        | "JSON_TOO_DEEP"
        | "MALFORMED_MULTIPART"
        | "DUPLICATE_PART"
        | "BODY_UNREADABLE"
        | "CURSOR_INVALID"
        | "IDEMPOTENCY_KEY_INVALID"
        | "PAYLOAD_TOO_LARGE"
        | "UNSUPPORTED_MEDIA_TYPE"
        | "METHOD_NOT_ALLOWED"
        | "ENDPOINT_NOT_FOUND"
        | "API_KEY_MISSING"
        | "API_KEY_INVALID"
        | "METRICS_TOKEN_INVALID"
        | "API_KEY_REVOKED"
        | "IP_NOT_ALLOWED"
        | "ENTERPRISE_PLAN_REQUIRED"
        | "API_KEY_SCOPE_MISSING"
        | "RATE_LIMITED"
        | "IDEMPOTENCY_KEY_REUSED"
        | "IDEMPOTENCY_KEY_IN_PROGRESS"
        | "REQUEST_NOT_FOUND"
        | "RECIPIENT_NOT_FOUND"
        | "FIELD_NOT_FOUND"
        | "TEMPLATE_NOT_FOUND"
        | "TEMPLATE_FIELD_NOT_FOUND"
        | "BULK_SEND_NOT_FOUND"
        | "WEBHOOK_NOT_FOUND"
        | "API_KEY_NOT_FOUND"
        | "MESSAGE_NOT_FOUND"
        | "UNDELIVERED_MAIL_NOT_FOUND"
        | "STAFF_MEMBER_NOT_FOUND"
        | "PAGE_NOT_FOUND"
        | "DOCUMENT_NOT_FOUND"
        | "ATTACHMENT_NOT_FOUND"
        | "REQUEST_NOT_DRAFT"
        | "SEND_APPROVAL_REQUIRED"
        | "APPROVAL_NOT_PENDING"
        | "APPROVAL_KEY_REVOKED"
        | "REQUEST_AWAITING_APPROVAL"
        | "REQUEST_NOT_SENT"
        | "REQUEST_IN_PROGRESS"
        | "REQUEST_COMPLETED"
        | "REQUEST_DECLINED"
        | "REQUEST_CANCELLED"
        | "REQUEST_EXPIRED"
        | "REQUEST_NOT_FULLY_SIGNED"
        | "MAIL_NOT_FAILED"
        | "RECIPIENT_NOT_YOUR_TURN"
        | "RECIPIENT_ALREADY_INVITED"
        | "RECIPIENT_ALREADY_VIEWED"
        | "RECIPIENT_ALREADY_SIGNED"
        | "RECIPIENT_ALREADY_APPROVED"
        | "RECIPIENT_DECLINED"
        | "RECIPIENT_RELEASED"
        | "GROUP_INVALID"
        | "GROUP_SEAT_TAKEN"
        | "RECIPIENT_ROLE_CANNOT_ACT"
        | "NOT_A_PDF"
        | "NOT_A_DOCX"
        | "NOT_PDF_OR_DOCX"
        | "IMAGE_UNSUPPORTED"
        | "FILE_EMPTY"
        | "PDF_ENCRYPTED"
        | "PDF_MALFORMED"
        | "PDF_TOO_MANY_PAGES"
        | "PDF_TOO_COMPLEX"
        | "POSITION_OUT_OF_PAGE"
        | "TEXT_DOES_NOT_FIT"
        | "TEXT_UNSUPPORTED_CHARACTERS"
        | "DOCX_CORRUPT"
        | "DOCX_TOO_LARGE"
        | "DOCX_TOO_COMPLEX"
        | "DOCX_TEMPLATE_INVALID"
        | "CONVERSION_FAILED"
        | "CONVERSION_TIMEOUT"
        | "CONVERTER_UNAVAILABLE"
        | "DOCUMENT_CHANGED"
        | "TOO_MANY_DOCUMENTS"
        | "DOCUMENTS_TOO_LARGE"
        | "DOCUMENTS_TOO_MANY_PAGES"
        | "DOCUMENT_HAS_FIELDS"
        | "LAST_DOCUMENT"
        | "ANCHOR_NOT_FOUND"
        | "NO_ANCHOR_FOR_SIGNER"
        | "TOO_MANY_RECIPIENTS"
        | "TOO_MANY_FIELDS"
        | "FIELD_PLACEMENT_INVALID"
        | "FORM_RULES_INVALID"
        | "ATTACHMENT_TYPE_NOT_ACCEPTED"
        | "ATTACHMENT_TOO_LARGE"
        | "ATTACHMENT_DAMAGED"
        | "TOO_MANY_ATTACHMENTS"
        | "SIGNER_UPLOADS_OVER_BUDGET"
        | "REQUEST_UPLOADS_OVER_BUDGET"
        | "FIELD_HIDDEN"
        | "FIELD_IN_USE"
        | "RECIPIENT_HAS_FIELDS"
        | "EMBEDDED_AUTH_UNSUPPORTED"
        | "RECIPIENT_EMBEDDED"
        | "RECIPIENT_NOT_EMBEDDED"
        | "RECIPIENT_IS_CC"
        | "NO_DECIDING_RECIPIENT"
        | "SIGNER_WITHOUT_FIELDS"
        | "EXPIRY_PASSED"
        | "WEBHOOK_URL_REFUSED"
        | "TEMPLATE_NOT_PDF"
        | "TEMPLATE_DATA_NOT_ACCEPTED"
        | "TEMPLATE_DATA_MISSING"
        | "TEMPLATE_RECIPIENTS_MISSING"
        | "TEMPLATE_HAS_NO_SIGNERS"
        | "TEMPLATE_ROLE_NOT_FOUND"
        | "TEMPLATE_ROLE_HAS_FIELDS"
        | "TEMPLATE_ROLE_TAKEN"
        | "TEMPLATE_TOO_MANY_ROLES"
        | "CSV_EMPTY"
        | "CSV_NOT_TEXT"
        | "CSV_MALFORMED"
        | "CSV_HEADER_MISMATCH"
        | "BULK_TOO_MANY_ROWS"
        | "BULK_NO_ROWS"
        | "BULK_NO_VALID_ROWS"
        | "BULK_ROW_INVALID"
        | "PUBLIC_LINK_NOT_FOUND"
        | "PUBLIC_LINK_REVOKED"
        | "PUBLIC_LINK_EXPIRED"
        | "PUBLIC_LINK_PAUSED"
        | "PUBLIC_LINK_QUOTA_REACHED"
        | "PUBLIC_LINK_DAILY_QUOTA_REACHED"
        | "PUBLIC_LINK_ALREADY_USED"
        | "PUBLIC_LINK_CODE_WRONG"
        | "PUBLIC_VISIT_ENDED"
        | "PUBLIC_LINK_ROLE_INVALID"
        | "TEMPLATE_ROLE_HAS_LINK"
        | "PUBLIC_LINK_PERSON_MISSING"
        | "SIGNING_LINK_NOT_FOUND"
        | "SIGNING_LINK_ENDED"
        | "SIGNING_LINK_LOCKED"
        | "SIGNER_AUTHENTICATION_REQUIRED"
        | "SIGNER_CODE_WRONG"
        | "DELEGATION_NOT_ALLOWED"
        | "SIGNER_CODE_NOT_NEEDED"
        | "SIGNER_CODE_NOT_EMAILED"
        | "SIGNER_CODE_TOO_SOON"
        | "SIGNATURE_IMAGE_INVALID"
        | "SIGNATURE_IMAGE_TOO_LARGE"
        | "SIGNATURE_IMAGE_UNSUPPORTED"
        | "SIGNATURE_IMAGE_DAMAGED"
        | "FIELD_VALUES_INVALID"
        | "FIELD_VALUE_REPEATED"
        | "SIGN_IN_REQUIRED"
        | "ADMIN_REQUIRED"
        | "ANCHOR_OVER_OTHER_TEXT"
        | "MESSAGE_HAS_NO_SIGNING_LINK"
        | "ROLE_NOT_ALLOWED"
        | "CROSS_ORIGIN_REFUSED"
        | "PASSWORD_INCORRECT"
        | "LAST_ADMIN"
        | "SELF_CHANGE_REFUSED"
        | "STAFF_EMAIL_TAKEN"
        | "STAFF_DEACTIVATED"
        | "STAFF_LINK_NOT_FOUND"
        | "STAFF_LINK_USED"
        | "STAFF_LINK_EXPIRED"
        | "SSO_CONNECTION_NOT_FOUND"
        | "SSO_SETTINGS_INVALID"
        | "SSO_DISCOVERY_FAILED"
        | "SSO_METADATA_INVALID"
        | "SCIM_TOKEN_NOT_FOUND"
        | "SCIM_TOKEN_LIMIT"
        | "SSO_CONNECTION_MANAGED"
        | "SSO_SECRET_UNREADABLE"
        | "SETTINGS_KEY_MISSING"
        | "PASSWORD_SIGN_IN_CLOSED"
        | "CLIENT_CLOSED_REQUEST"
        | "API_UNREACHABLE"
        | "INTERNAL_ERROR"
        | "DATABASE_UNAVAILABLE"
        | "STORAGE_FULL"
        | "NOT_READY";
      errors?: {
        field: string;
        message: string;
      }[];
      details?: Record<string, never>;
      /** @description This request's id, also in the X-Request-Id header and on each of the server's log lines for it: quote it when reporting a problem */
      requestId?: string;
    };
    Schema_0ffe226144:
      | string
      | number
      | boolean
      | {
          [key: string]: components["schemas"]["Schema_0ffe226144"];
        };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listApiKeys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The keys */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              items: {
                /** Format: uuid */
                id: string;
                keyPrefix: string;
                name: string;
                /** @enum {string} */
                environment: "SANDBOX" | "PRODUCTION";
                allowedIps: string[];
                scopes: (
                  | "requests:read"
                  | "requests:write"
                  | "requests:send"
                  | "templates:read"
                  | "templates:write"
                  | "webhooks:manage"
                  | "keys:manage"
                  | "settings:manage"
                )[];
                allScopes: boolean;
                sendsNeedApproval: boolean;
                mcpSendsDirectly: boolean;
                createdAt: string;
                lastUsedAt: string | null;
                revokedAt: string | null;
              }[];
            };
          };
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createApiKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @enum {string} */
          environment: "SANDBOX" | "PRODUCTION";
          allowedIps?: string[];
          scopes?: (
            | "requests:read"
            | "requests:write"
            | "requests:send"
            | "templates:read"
            | "templates:write"
            | "webhooks:manage"
            | "keys:manage"
            | "settings:manage"
          )[];
          sendsNeedApproval?: boolean;
          mcpSendsDirectly?: boolean;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              keyPrefix: string;
              name: string;
              /** @enum {string} */
              environment: "SANDBOX" | "PRODUCTION";
              allowedIps: string[];
              scopes: (
                | "requests:read"
                | "requests:write"
                | "requests:send"
                | "templates:read"
                | "templates:write"
                | "webhooks:manage"
                | "keys:manage"
                | "settings:manage"
              )[];
              allScopes: boolean;
              sendsNeedApproval: boolean;
              mcpSendsDirectly: boolean;
              createdAt: string;
              lastUsedAt: string | null;
              revokedAt: string | null;
              apiKey: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  revokeApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Revoked */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              keyPrefix: string;
              name: string;
              /** @enum {string} */
              environment: "SANDBOX" | "PRODUCTION";
              allowedIps: string[];
              scopes: (
                | "requests:read"
                | "requests:write"
                | "requests:send"
                | "templates:read"
                | "templates:write"
                | "webhooks:manage"
                | "keys:manage"
                | "settings:manage"
              )[];
              allScopes: boolean;
              sendsNeedApproval: boolean;
              mcpSendsDirectly: boolean;
              createdAt: string;
              lastUsedAt: string | null;
              revokedAt: string | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listMcpCalls: {
    parameters: {
      query?: {
        limit?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The calls, newest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              items: {
                /** Format: uuid */
                id: string;
                tool: string;
                requestId: string | null;
                /** @enum {string} */
                outcome: "OK" | "REFUSED";
                errorCode: string | null;
                ip: string | null;
                createdAt: string;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listRequests: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        status?: "DRAFT" | "IN_PROGRESS" | "COMPLETED" | "DECLINED" | "CANCELLED" | "EXPIRED";
        q?: string;
        createdBy?: string;
        source?: "api" | "public_link";
        publicLinkId?: string;
        createdFrom?: string;
        createdTo?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of requests */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              items: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                status: "DRAFT" | "IN_PROGRESS" | "COMPLETED" | "DECLINED" | "CANCELLED" | "EXPIRED";
                title: string;
                delivery_mode: string;
                /** @enum {string} */
                environment: "SANDBOX" | "PRODUCTION";
                /** @description The first document's current version (`documents[0]`) */
                document: {
                  version: number;
                  /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                  sha256: string;
                  /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                  uploadedSha256: string | null;
                  size: number;
                  pageCount: number;
                  pages: {
                    width: number;
                    height: number;
                  }[];
                };
                createdAt: string;
                updatedAt: string;
                sentAt: string | null;
                completedAt: string | null;
                cancelledAt: string | null;
                expiresAt: string | null;
                sealError: {
                  code: string;
                  message: string;
                  failedAt: string;
                } | null;
                /** @enum {string} */
                source: "api" | "public_link";
                publicLinkId: string | null;
                locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
                timezone: string;
                /** @enum {string} */
                dateFormat: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
                sendSettings: {
                  /** @description The mails' subject; null: Signet's own */
                  subject: string | null;
                  /** @description The sender's message (plain text); null: none */
                  message: string | null;
                  /** @description Reply-To; null: the staff member who sent it, else none */
                  replyTo: string | null;
                  /** @description Days from sending to expiry; null when expiresAt was given (or, on an older draft, the default at send) */
                  expiryDays: number | null;
                  /** @description The expiry asked for as a moment (ISO 8601, UTC); null when counted in days from sending */
                  expiresAt: string | null;
                  /** @description The automatic reminder schedule; null: none */
                  reminders: {
                    firstAfterDays: number;
                    everyDays: number;
                    max: number;
                  } | null;
                };
                awaitingApproval: boolean;
                documentCount: number;
                recipientCount: number;
                recipients: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  email: string;
                  /** @enum {string} */
                  role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                  order: number;
                  /** @enum {string} */
                  status: "PENDING" | "SENT" | "VIEWED" | "SIGNED" | "APPROVED" | "DECLINED" | "RELEASED";
                }[];
                progress: {
                  done: number;
                  total: number;
                };
                createdBy: {
                  actor: string;
                  name: string;
                } | null;
              }[];
              nextCursor: string | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createRequest: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "multipart/form-data": {
          /** @description The PDF; repeat the part for several documents, in order */
          file?: Blob | Blob[];
          /** @description Another name of `file` */
          documentFile?: Blob | Blob[];
          title: string;
          /**
           * @default email
           * @enum {string}
           */
          delivery_mode?: "email";
          /** @description The language: en, de, fr, es, it, pt, nl, pl; a BCP 47 tag is reduced to its language ("de-CH" → "de") */
          locale?: string;
          /** @description IANA time zone name */
          timezone?: string;
          /** @enum {string} */
          dateFormat?: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
          /** @description The invitation's and reminders' subject (≤ 200 characters, one line); empty or null: Signet's own ("Please sign: <title>") */
          subject?: string;
          /** @description The sender's own words, plain text (≤ 5000 characters, line breaks kept), shown in the invitation and reminders after the greeting, escaped; empty or null: none */
          message?: string;
          /**
           * Format: email
           * @description The Reply-To of the request's mails; null: the staff member who sent it, else none
           */
          replyTo?: string;
          /**
           * Format: date-time
           * @description When the request expires: in the future, at most 365 days ahead (checked again at send). Instead of expiryDays
           */
          expiresAt?: string;
          /** @description Days from sending to expiry (1–365), as digits */
          expiryDays?: string;
          /** @description The reminder schedule as JSON: {"firstAfterDays":2,"everyDays":3,"max":2}; null: none. Default: the organization's */
          reminders?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              status: "DRAFT" | "IN_PROGRESS" | "COMPLETED" | "DECLINED" | "CANCELLED" | "EXPIRED";
              title: string;
              delivery_mode: string;
              /** @enum {string} */
              environment: "SANDBOX" | "PRODUCTION";
              /** @description The first document's current version (`documents[0]`) */
              document: {
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              };
              /** @description The request's documents in order, each with its current version */
              documents: {
                /** Format: uuid */
                id: string;
                /** @description Its name (the uploaded file's, unless renamed) */
                name: string;
                /** @description Its place among the request's documents: 1 for the first */
                order: number;
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              }[];
              recipients: {
                /** Format: uuid */
                id: string;
                email: string;
                name: string;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                order: number;
                signingOrder: number;
                /** @enum {string} */
                status: "PENDING" | "SENT" | "VIEWED" | "SIGNED" | "APPROVED" | "DECLINED" | "RELEASED";
                sentAt: string | null;
                lastMailedAt: string | null;
                viewedAt: string | null;
                signedAt: string | null;
                approvedAt: string | null;
                declinedAt: string | null;
                declineReason: string | null;
                authentication: {
                  /** @enum {string} */
                  method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
                };
                /** @enum {string} */
                delivery: "EMAIL" | "EMBEDDED";
                locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
                remindersSent: number;
                lastRemindedAt: string | null;
                canDelegate: boolean;
                delegatedFrom: {
                  name: string;
                  email: string;
                  reason: string;
                  at: string;
                } | null;
                group: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  required: number;
                  size: number;
                } | null;
                groupSeat: number | null;
              }[];
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                recipientId: string;
                /**
                 * Format: uuid
                 * @description The document the field stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
              /** @description Files signers attached to FILE fields and kept in their signature: GET …/attachments/{attachmentId} */
              attachments: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                fieldId: string;
                /** Format: uuid */
                recipientId: string;
                name: string;
                type: string;
                size: number;
                sha256: string;
              }[];
              createdAt: string;
              updatedAt: string;
              sentAt: string | null;
              completedAt: string | null;
              cancelledAt: string | null;
              expiresAt: string | null;
              sealError: {
                code: string;
                message: string;
                failedAt: string;
              } | null;
              /** @enum {string} */
              source: "api" | "public_link";
              publicLinkId: string | null;
              locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
              timezone: string;
              /** @enum {string} */
              dateFormat: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
              sendSettings: {
                /** @description The mails' subject; null: Signet's own */
                subject: string | null;
                /** @description The sender's message (plain text); null: none */
                message: string | null;
                /** @description Reply-To; null: the staff member who sent it, else none */
                replyTo: string | null;
                /** @description Days from sending to expiry; null when expiresAt was given (or, on an older draft, the default at send) */
                expiryDays: number | null;
                /** @description The expiry asked for as a moment (ISO 8601, UTC); null when counted in days from sending */
                expiresAt: string | null;
                /** @description The automatic reminder schedule; null: none */
                reminders: {
                  firstAfterDays: number;
                  everyDays: number;
                  max: number;
                } | null;
              };
              awaitingApproval: boolean;
              approval: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                state: "PENDING" | "APPROVED" | "REJECTED";
                /** @enum {string} */
                via: "api" | "mcp";
                requestedAt: string;
                requestedByKey: string;
                decidedAt: string | null;
                decidedBy: string | null;
                reason: string | null;
              } | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getRequest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The request */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              status: "DRAFT" | "IN_PROGRESS" | "COMPLETED" | "DECLINED" | "CANCELLED" | "EXPIRED";
              title: string;
              delivery_mode: string;
              /** @enum {string} */
              environment: "SANDBOX" | "PRODUCTION";
              /** @description The first document's current version (`documents[0]`) */
              document: {
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              };
              /** @description The request's documents in order, each with its current version */
              documents: {
                /** Format: uuid */
                id: string;
                /** @description Its name (the uploaded file's, unless renamed) */
                name: string;
                /** @description Its place among the request's documents: 1 for the first */
                order: number;
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              }[];
              recipients: {
                /** Format: uuid */
                id: string;
                email: string;
                name: string;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                order: number;
                signingOrder: number;
                /** @enum {string} */
                status: "PENDING" | "SENT" | "VIEWED" | "SIGNED" | "APPROVED" | "DECLINED" | "RELEASED";
                sentAt: string | null;
                lastMailedAt: string | null;
                viewedAt: string | null;
                signedAt: string | null;
                approvedAt: string | null;
                declinedAt: string | null;
                declineReason: string | null;
                authentication: {
                  /** @enum {string} */
                  method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
                };
                /** @enum {string} */
                delivery: "EMAIL" | "EMBEDDED";
                locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
                remindersSent: number;
                lastRemindedAt: string | null;
                canDelegate: boolean;
                delegatedFrom: {
                  name: string;
                  email: string;
                  reason: string;
                  at: string;
                } | null;
                group: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  required: number;
                  size: number;
                } | null;
                groupSeat: number | null;
              }[];
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                recipientId: string;
                /**
                 * Format: uuid
                 * @description The document the field stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
              /** @description Files signers attached to FILE fields and kept in their signature: GET …/attachments/{attachmentId} */
              attachments: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                fieldId: string;
                /** Format: uuid */
                recipientId: string;
                name: string;
                type: string;
                size: number;
                sha256: string;
              }[];
              createdAt: string;
              updatedAt: string;
              sentAt: string | null;
              completedAt: string | null;
              cancelledAt: string | null;
              expiresAt: string | null;
              sealError: {
                code: string;
                message: string;
                failedAt: string;
              } | null;
              /** @enum {string} */
              source: "api" | "public_link";
              publicLinkId: string | null;
              locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
              timezone: string;
              /** @enum {string} */
              dateFormat: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
              sendSettings: {
                /** @description The mails' subject; null: Signet's own */
                subject: string | null;
                /** @description The sender's message (plain text); null: none */
                message: string | null;
                /** @description Reply-To; null: the staff member who sent it, else none */
                replyTo: string | null;
                /** @description Days from sending to expiry; null when expiresAt was given (or, on an older draft, the default at send) */
                expiryDays: number | null;
                /** @description The expiry asked for as a moment (ISO 8601, UTC); null when counted in days from sending */
                expiresAt: string | null;
                /** @description The automatic reminder schedule; null: none */
                reminders: {
                  firstAfterDays: number;
                  everyDays: number;
                  max: number;
                } | null;
              };
              awaitingApproval: boolean;
              approval: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                state: "PENDING" | "APPROVED" | "REJECTED";
                /** @enum {string} */
                via: "api" | "mcp";
                requestedAt: string;
                requestedByKey: string;
                decidedAt: string | null;
                decidedBy: string | null;
                reason: string | null;
              } | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteRequest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @constant */
              deleted: true;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateRequest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          title?: string;
          locale?: string | null;
          /** @description IANA time zone name */
          timezone?: string;
          /** @enum {string} */
          dateFormat?: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
          subject?: string | null;
          message?: string | null;
          replyTo?: string | null;
          /**
           * Format: date-time
           * @description When the request expires: in the future, at most 365 days ahead (checked again at send). Instead of expiryDays
           */
          expiresAt?: string;
          /** @description Days from sending to expiry (1–365) */
          expiryDays?: number;
          reminders?: {
            /** @description Days from a recipient's invitation to their first reminder */
            firstAfterDays: number;
            /** @description Days from one reminder to the next */
            everyDays: number;
            /** @description Reminders per recipient at most (0: none) */
            max: number;
          } | null;
        };
      };
    };
    responses: {
      /** @description The request as changed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              status: "DRAFT" | "IN_PROGRESS" | "COMPLETED" | "DECLINED" | "CANCELLED" | "EXPIRED";
              title: string;
              delivery_mode: string;
              /** @enum {string} */
              environment: "SANDBOX" | "PRODUCTION";
              /** @description The first document's current version (`documents[0]`) */
              document: {
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              };
              /** @description The request's documents in order, each with its current version */
              documents: {
                /** Format: uuid */
                id: string;
                /** @description Its name (the uploaded file's, unless renamed) */
                name: string;
                /** @description Its place among the request's documents: 1 for the first */
                order: number;
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              }[];
              recipients: {
                /** Format: uuid */
                id: string;
                email: string;
                name: string;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                order: number;
                signingOrder: number;
                /** @enum {string} */
                status: "PENDING" | "SENT" | "VIEWED" | "SIGNED" | "APPROVED" | "DECLINED" | "RELEASED";
                sentAt: string | null;
                lastMailedAt: string | null;
                viewedAt: string | null;
                signedAt: string | null;
                approvedAt: string | null;
                declinedAt: string | null;
                declineReason: string | null;
                authentication: {
                  /** @enum {string} */
                  method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
                };
                /** @enum {string} */
                delivery: "EMAIL" | "EMBEDDED";
                locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
                remindersSent: number;
                lastRemindedAt: string | null;
                canDelegate: boolean;
                delegatedFrom: {
                  name: string;
                  email: string;
                  reason: string;
                  at: string;
                } | null;
                group: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  required: number;
                  size: number;
                } | null;
                groupSeat: number | null;
              }[];
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                recipientId: string;
                /**
                 * Format: uuid
                 * @description The document the field stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
              /** @description Files signers attached to FILE fields and kept in their signature: GET …/attachments/{attachmentId} */
              attachments: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                fieldId: string;
                /** Format: uuid */
                recipientId: string;
                name: string;
                type: string;
                size: number;
                sha256: string;
              }[];
              createdAt: string;
              updatedAt: string;
              sentAt: string | null;
              completedAt: string | null;
              cancelledAt: string | null;
              expiresAt: string | null;
              sealError: {
                code: string;
                message: string;
                failedAt: string;
              } | null;
              /** @enum {string} */
              source: "api" | "public_link";
              publicLinkId: string | null;
              locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
              timezone: string;
              /** @enum {string} */
              dateFormat: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
              sendSettings: {
                /** @description The mails' subject; null: Signet's own */
                subject: string | null;
                /** @description The sender's message (plain text); null: none */
                message: string | null;
                /** @description Reply-To; null: the staff member who sent it, else none */
                replyTo: string | null;
                /** @description Days from sending to expiry; null when expiresAt was given (or, on an older draft, the default at send) */
                expiryDays: number | null;
                /** @description The expiry asked for as a moment (ISO 8601, UTC); null when counted in days from sending */
                expiresAt: string | null;
                /** @description The automatic reminder schedule; null: none */
                reminders: {
                  firstAfterDays: number;
                  everyDays: number;
                  max: number;
                } | null;
              };
              awaitingApproval: boolean;
              approval: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                state: "PENDING" | "APPROVED" | "REJECTED";
                /** @enum {string} */
                via: "api" | "mcp";
                requestedAt: string;
                requestedByKey: string;
                decidedAt: string | null;
                decidedBy: string | null;
                reason: string | null;
              } | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getDocument: {
    parameters: {
      query?: {
        all?: "0" | "1" | "true" | "false";
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The PDF bytes (a zip with ?all=1) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/pdf": Blob;
          "application/zip": Blob;
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  addDocument: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "multipart/form-data": {
          /** Format: binary */
          file: Blob;
          /** @description Its name; the file's name when left out */
          name?: string;
          /** @description Its place (1 for the first); last when left out */
          order?: number;
        };
      };
    };
    responses: {
      /** @description Added */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @description Its name (the uploaded file's, unless renamed) */
              name: string;
              /** @description Its place among the request's documents: 1 for the first */
              order: number;
              version: number;
              /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
              sha256: string;
              /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
              uploadedSha256: string | null;
              size: number;
              pageCount: number;
              pages: {
                width: number;
                height: number;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getRequestDocument: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The PDF bytes */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/pdf": Blob;
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteDocument: {
    parameters: {
      query?: {
        removeFields?: "true" | "false";
      };
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @constant */
              deleted: true;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateDocument: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          /** @description Its new place; the others move to make room */
          order?: number;
        };
      };
    };
    responses: {
      /** @description Changed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @description Its name (the uploaded file's, unless renamed) */
              name: string;
              /** @description Its place among the request's documents: 1 for the first */
              order: number;
              version: number;
              /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
              sha256: string;
              /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
              uploadedSha256: string | null;
              size: number;
              pageCount: number;
              pages: {
                width: number;
                height: number;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getRequestAttachment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        attachmentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file's bytes */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/pdf": Blob;
          "image/png": Blob;
          "image/jpeg": Blob;
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getAudit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Events, oldest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              items: {
                /** Format: uuid */
                id: string;
                type: string;
                /** @description "api-key:<prefix>", "staff:<id>", "recipient:<id>" or "system" */
                actor: string;
                /** @description How to show the actor when the id does not say it: "Ann Lee <ann@example.com> (staff)" */
                actorLabel: string | null;
                ip: string | null;
                userAgent: string | null;
                data: {
                  [key: string]: unknown;
                };
                createdAt: string;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  sendRequest: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Sent */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              status: "DRAFT" | "IN_PROGRESS" | "COMPLETED" | "DECLINED" | "CANCELLED" | "EXPIRED";
              title: string;
              delivery_mode: string;
              /** @enum {string} */
              environment: "SANDBOX" | "PRODUCTION";
              /** @description The first document's current version (`documents[0]`) */
              document: {
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              };
              /** @description The request's documents in order, each with its current version */
              documents: {
                /** Format: uuid */
                id: string;
                /** @description Its name (the uploaded file's, unless renamed) */
                name: string;
                /** @description Its place among the request's documents: 1 for the first */
                order: number;
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              }[];
              recipients: {
                /** Format: uuid */
                id: string;
                email: string;
                name: string;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                order: number;
                signingOrder: number;
                /** @enum {string} */
                status: "PENDING" | "SENT" | "VIEWED" | "SIGNED" | "APPROVED" | "DECLINED" | "RELEASED";
                sentAt: string | null;
                lastMailedAt: string | null;
                viewedAt: string | null;
                signedAt: string | null;
                approvedAt: string | null;
                declinedAt: string | null;
                declineReason: string | null;
                authentication: {
                  /** @enum {string} */
                  method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
                };
                /** @enum {string} */
                delivery: "EMAIL" | "EMBEDDED";
                locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
                remindersSent: number;
                lastRemindedAt: string | null;
                canDelegate: boolean;
                delegatedFrom: {
                  name: string;
                  email: string;
                  reason: string;
                  at: string;
                } | null;
                group: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  required: number;
                  size: number;
                } | null;
                groupSeat: number | null;
              }[];
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                recipientId: string;
                /**
                 * Format: uuid
                 * @description The document the field stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
              /** @description Files signers attached to FILE fields and kept in their signature: GET …/attachments/{attachmentId} */
              attachments: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                fieldId: string;
                /** Format: uuid */
                recipientId: string;
                name: string;
                type: string;
                size: number;
                sha256: string;
              }[];
              createdAt: string;
              updatedAt: string;
              sentAt: string | null;
              completedAt: string | null;
              cancelledAt: string | null;
              expiresAt: string | null;
              sealError: {
                code: string;
                message: string;
                failedAt: string;
              } | null;
              /** @enum {string} */
              source: "api" | "public_link";
              publicLinkId: string | null;
              locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
              timezone: string;
              /** @enum {string} */
              dateFormat: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
              sendSettings: {
                /** @description The mails' subject; null: Signet's own */
                subject: string | null;
                /** @description The sender's message (plain text); null: none */
                message: string | null;
                /** @description Reply-To; null: the staff member who sent it, else none */
                replyTo: string | null;
                /** @description Days from sending to expiry; null when expiresAt was given (or, on an older draft, the default at send) */
                expiryDays: number | null;
                /** @description The expiry asked for as a moment (ISO 8601, UTC); null when counted in days from sending */
                expiresAt: string | null;
                /** @description The automatic reminder schedule; null: none */
                reminders: {
                  firstAfterDays: number;
                  everyDays: number;
                  max: number;
                } | null;
              };
              awaitingApproval: boolean;
              approval: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                state: "PENDING" | "APPROVED" | "REJECTED";
                /** @enum {string} */
                via: "api" | "mcp";
                requestedAt: string;
                requestedByKey: string;
                decidedAt: string | null;
                decidedBy: string | null;
                reason: string | null;
              } | null;
            };
          };
        };
      };
      /** @description Waiting for a staff member's approval */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              status: "DRAFT" | "IN_PROGRESS" | "COMPLETED" | "DECLINED" | "CANCELLED" | "EXPIRED";
              title: string;
              delivery_mode: string;
              /** @enum {string} */
              environment: "SANDBOX" | "PRODUCTION";
              /** @description The first document's current version (`documents[0]`) */
              document: {
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              };
              /** @description The request's documents in order, each with its current version */
              documents: {
                /** Format: uuid */
                id: string;
                /** @description Its name (the uploaded file's, unless renamed) */
                name: string;
                /** @description Its place among the request's documents: 1 for the first */
                order: number;
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              }[];
              recipients: {
                /** Format: uuid */
                id: string;
                email: string;
                name: string;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                order: number;
                signingOrder: number;
                /** @enum {string} */
                status: "PENDING" | "SENT" | "VIEWED" | "SIGNED" | "APPROVED" | "DECLINED" | "RELEASED";
                sentAt: string | null;
                lastMailedAt: string | null;
                viewedAt: string | null;
                signedAt: string | null;
                approvedAt: string | null;
                declinedAt: string | null;
                declineReason: string | null;
                authentication: {
                  /** @enum {string} */
                  method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
                };
                /** @enum {string} */
                delivery: "EMAIL" | "EMBEDDED";
                locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
                remindersSent: number;
                lastRemindedAt: string | null;
                canDelegate: boolean;
                delegatedFrom: {
                  name: string;
                  email: string;
                  reason: string;
                  at: string;
                } | null;
                group: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  required: number;
                  size: number;
                } | null;
                groupSeat: number | null;
              }[];
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                recipientId: string;
                /**
                 * Format: uuid
                 * @description The document the field stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
              /** @description Files signers attached to FILE fields and kept in their signature: GET …/attachments/{attachmentId} */
              attachments: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                fieldId: string;
                /** Format: uuid */
                recipientId: string;
                name: string;
                type: string;
                size: number;
                sha256: string;
              }[];
              createdAt: string;
              updatedAt: string;
              sentAt: string | null;
              completedAt: string | null;
              cancelledAt: string | null;
              expiresAt: string | null;
              sealError: {
                code: string;
                message: string;
                failedAt: string;
              } | null;
              /** @enum {string} */
              source: "api" | "public_link";
              publicLinkId: string | null;
              locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
              timezone: string;
              /** @enum {string} */
              dateFormat: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
              sendSettings: {
                /** @description The mails' subject; null: Signet's own */
                subject: string | null;
                /** @description The sender's message (plain text); null: none */
                message: string | null;
                /** @description Reply-To; null: the staff member who sent it, else none */
                replyTo: string | null;
                /** @description Days from sending to expiry; null when expiresAt was given (or, on an older draft, the default at send) */
                expiryDays: number | null;
                /** @description The expiry asked for as a moment (ISO 8601, UTC); null when counted in days from sending */
                expiresAt: string | null;
                /** @description The automatic reminder schedule; null: none */
                reminders: {
                  firstAfterDays: number;
                  everyDays: number;
                  max: number;
                } | null;
              };
              awaitingApproval: boolean;
              approval: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                state: "PENDING" | "APPROVED" | "REJECTED";
                /** @enum {string} */
                via: "api" | "mcp";
                requestedAt: string;
                requestedByKey: string;
                decidedAt: string | null;
                decidedBy: string | null;
                reason: string | null;
              } | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  cancelRequest: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": {
          reason?: string;
        };
      };
    };
    responses: {
      /** @description Cancelled */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              status: "DRAFT" | "IN_PROGRESS" | "COMPLETED" | "DECLINED" | "CANCELLED" | "EXPIRED";
              title: string;
              delivery_mode: string;
              /** @enum {string} */
              environment: "SANDBOX" | "PRODUCTION";
              /** @description The first document's current version (`documents[0]`) */
              document: {
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              };
              /** @description The request's documents in order, each with its current version */
              documents: {
                /** Format: uuid */
                id: string;
                /** @description Its name (the uploaded file's, unless renamed) */
                name: string;
                /** @description Its place among the request's documents: 1 for the first */
                order: number;
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              }[];
              recipients: {
                /** Format: uuid */
                id: string;
                email: string;
                name: string;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                order: number;
                signingOrder: number;
                /** @enum {string} */
                status: "PENDING" | "SENT" | "VIEWED" | "SIGNED" | "APPROVED" | "DECLINED" | "RELEASED";
                sentAt: string | null;
                lastMailedAt: string | null;
                viewedAt: string | null;
                signedAt: string | null;
                approvedAt: string | null;
                declinedAt: string | null;
                declineReason: string | null;
                authentication: {
                  /** @enum {string} */
                  method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
                };
                /** @enum {string} */
                delivery: "EMAIL" | "EMBEDDED";
                locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
                remindersSent: number;
                lastRemindedAt: string | null;
                canDelegate: boolean;
                delegatedFrom: {
                  name: string;
                  email: string;
                  reason: string;
                  at: string;
                } | null;
                group: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  required: number;
                  size: number;
                } | null;
                groupSeat: number | null;
              }[];
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                recipientId: string;
                /**
                 * Format: uuid
                 * @description The document the field stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
              /** @description Files signers attached to FILE fields and kept in their signature: GET …/attachments/{attachmentId} */
              attachments: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                fieldId: string;
                /** Format: uuid */
                recipientId: string;
                name: string;
                type: string;
                size: number;
                sha256: string;
              }[];
              createdAt: string;
              updatedAt: string;
              sentAt: string | null;
              completedAt: string | null;
              cancelledAt: string | null;
              expiresAt: string | null;
              sealError: {
                code: string;
                message: string;
                failedAt: string;
              } | null;
              /** @enum {string} */
              source: "api" | "public_link";
              publicLinkId: string | null;
              locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
              timezone: string;
              /** @enum {string} */
              dateFormat: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
              sendSettings: {
                /** @description The mails' subject; null: Signet's own */
                subject: string | null;
                /** @description The sender's message (plain text); null: none */
                message: string | null;
                /** @description Reply-To; null: the staff member who sent it, else none */
                replyTo: string | null;
                /** @description Days from sending to expiry; null when expiresAt was given (or, on an older draft, the default at send) */
                expiryDays: number | null;
                /** @description The expiry asked for as a moment (ISO 8601, UTC); null when counted in days from sending */
                expiresAt: string | null;
                /** @description The automatic reminder schedule; null: none */
                reminders: {
                  firstAfterDays: number;
                  everyDays: number;
                  max: number;
                } | null;
              };
              awaitingApproval: boolean;
              approval: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                state: "PENDING" | "APPROVED" | "REJECTED";
                /** @enum {string} */
                via: "api" | "mcp";
                requestedAt: string;
                requestedByKey: string;
                decidedAt: string | null;
                decidedBy: string | null;
                reason: string | null;
              } | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  addRecipient: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: email */
          email: string;
          name: string;
          /**
           * @default SIGNER
           * @enum {string}
           */
          role?: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
          order?: number;
          signingOrder?: number;
          authentication?: {
            /** @enum {string} */
            method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
            accessCode?: string;
          };
          /**
           * @description EMAIL (default): invitations and reminders are mailed. EMBEDDED: no mail; ask for a signing URL (POST …/signing-url) and frame it
           * @enum {string}
           */
          delivery?: "EMAIL" | "EMBEDDED" | "email" | "embedded";
          canDelegate?: boolean;
          group?: {
            name: string;
            required?: number;
          } | null;
          locale?: string | null;
        };
      };
    };
    responses: {
      /** @description Added */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              email: string;
              name: string;
              /** @enum {string} */
              role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
              order: number;
              signingOrder: number;
              /** @enum {string} */
              status: "PENDING" | "SENT" | "VIEWED" | "SIGNED" | "APPROVED" | "DECLINED" | "RELEASED";
              sentAt: string | null;
              lastMailedAt: string | null;
              viewedAt: string | null;
              signedAt: string | null;
              approvedAt: string | null;
              declinedAt: string | null;
              declineReason: string | null;
              authentication: {
                /** @enum {string} */
                method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
              };
              /** @enum {string} */
              delivery: "EMAIL" | "EMBEDDED";
              locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
              remindersSent: number;
              lastRemindedAt: string | null;
              canDelegate: boolean;
              delegatedFrom: {
                name: string;
                email: string;
                reason: string;
                at: string;
              } | null;
              group: {
                /** Format: uuid */
                id: string;
                name: string;
                required: number;
                size: number;
              } | null;
              groupSeat: number | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteRecipient: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        recipientId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @constant */
              deleted: true;
              fieldsRemoved: number;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateRecipient: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        recipientId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: email */
          email?: string;
          name?: string;
          /** @enum {string} */
          role?: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
          order?: number;
          signingOrder?: number;
          authentication?: {
            /** @enum {string} */
            method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
            accessCode?: string;
          };
          /**
           * @description EMAIL (default): invitations and reminders are mailed. EMBEDDED: no mail; ask for a signing URL (POST …/signing-url) and frame it
           * @enum {string}
           */
          delivery?: "EMAIL" | "EMBEDDED" | "email" | "embedded";
          canDelegate?: boolean;
          group?: {
            name: string;
            required?: number;
          } | null;
          locale?: string | null;
        };
      };
    };
    responses: {
      /** @description Changed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              email: string;
              name: string;
              /** @enum {string} */
              role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
              order: number;
              signingOrder: number;
              /** @enum {string} */
              status: "PENDING" | "SENT" | "VIEWED" | "SIGNED" | "APPROVED" | "DECLINED" | "RELEASED";
              sentAt: string | null;
              lastMailedAt: string | null;
              viewedAt: string | null;
              signedAt: string | null;
              approvedAt: string | null;
              declinedAt: string | null;
              declineReason: string | null;
              authentication: {
                /** @enum {string} */
                method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
              };
              /** @enum {string} */
              delivery: "EMAIL" | "EMBEDDED";
              locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
              remindersSent: number;
              lastRemindedAt: string | null;
              canDelegate: boolean;
              delegatedFrom: {
                name: string;
                email: string;
                reason: string;
                at: string;
              } | null;
              group: {
                /** Format: uuid */
                id: string;
                name: string;
                required: number;
                size: number;
              } | null;
              groupSeat: number | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  addFields: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json":
          | {
              /** @enum {string} */
              type:
                | "SIGNATURE"
                | "INITIAL"
                | "DATE"
                | "TEXT"
                | "CHECKBOX"
                | "RADIO"
                | "DROPDOWN"
                | "NUMBER"
                | "NAME"
                | "EMAIL"
                | "FORMULA"
                | "FILE";
              recipientId: string;
              /** @description The request's document it stands on (`documents[].id`); the first when left out */
              documentId?: string;
              page: number;
              x: number;
              y: number;
              width: number;
              height: number;
              name?: string;
              required?: boolean;
              label?: string;
              maxLength?: number;
              fontSize?: number;
              defaultValue?: string;
              options?: string[];
              group?: string;
              option?: string;
              min?: number;
              max?: number;
              decimals?: number;
              formula?: string;
              accept?: ("PDF" | "PNG" | "JPEG")[];
              maxSizeMb?: number;
              multiple?: boolean;
              conditions?:
                | (
                    | {
                        all: (
                          | {
                              /** Format: uuid */
                              fieldId: string;
                              /** @enum {string} */
                              op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                              value?: string | number | boolean;
                            }
                          | (
                              | {
                                  all: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                              | {
                                  any: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                            )
                        )[];
                      }
                    | {
                        any: (
                          | {
                              /** Format: uuid */
                              fieldId: string;
                              /** @enum {string} */
                              op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                              value?: string | number | boolean;
                            }
                          | (
                              | {
                                  all: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                              | {
                                  any: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                            )
                        )[];
                      }
                  )
                | null;
              seat?: number;
            }
          | {
              fields: {
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                recipientId: string;
                /** @description The request's document it stands on (`documents[].id`); the first when left out */
                documentId?: string;
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name?: string;
                required?: boolean;
                label?: string;
                maxLength?: number;
                fontSize?: number;
                defaultValue?: string;
                options?: string[];
                group?: string;
                option?: string;
                min?: number;
                max?: number;
                decimals?: number;
                formula?: string;
                accept?: ("PDF" | "PNG" | "JPEG")[];
                maxSizeMb?: number;
                multiple?: boolean;
                conditions?:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                seat?: number;
              }[];
            };
      };
    };
    responses: {
      /** @description Added */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                recipientId: string;
                /**
                 * Format: uuid
                 * @description The document the field stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteField: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        fieldId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @constant */
              deleted: true;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateField: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        fieldId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @enum {string} */
          type?:
            | "SIGNATURE"
            | "INITIAL"
            | "DATE"
            | "TEXT"
            | "CHECKBOX"
            | "RADIO"
            | "DROPDOWN"
            | "NUMBER"
            | "NAME"
            | "EMAIL"
            | "FORMULA"
            | "FILE";
          recipientId?: string;
          /** @description The request's document it stands on (`documents[].id`); the first when left out */
          documentId?: string;
          page?: number;
          x?: number;
          y?: number;
          width?: number;
          height?: number;
          name?: string;
          required?: boolean;
          label?: string;
          maxLength?: number;
          fontSize?: number;
          defaultValue?: string;
          options?: string[];
          group?: string;
          option?: string;
          min?: number;
          max?: number;
          decimals?: number;
          formula?: string;
          accept?: ("PDF" | "PNG" | "JPEG")[];
          maxSizeMb?: number;
          multiple?: boolean;
          conditions?:
            | (
                | {
                    all: (
                      | {
                          /** Format: uuid */
                          fieldId: string;
                          /** @enum {string} */
                          op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                          value?: string | number | boolean;
                        }
                      | (
                          | {
                              all: {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }[];
                            }
                          | {
                              any: {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }[];
                            }
                        )
                    )[];
                  }
                | {
                    any: (
                      | {
                          /** Format: uuid */
                          fieldId: string;
                          /** @enum {string} */
                          op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                          value?: string | number | boolean;
                        }
                      | (
                          | {
                              all: {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }[];
                            }
                          | {
                              any: {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }[];
                            }
                        )
                    )[];
                  }
              )
            | null;
          seat?: number;
        };
      };
    };
    responses: {
      /** @description Changed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              recipientId: string;
              /**
               * Format: uuid
               * @description The document the field stands on (`documents[].id`); `page` counts its pages
               */
              documentId: string;
              /** @enum {string} */
              type:
                | "SIGNATURE"
                | "INITIAL"
                | "DATE"
                | "TEXT"
                | "CHECKBOX"
                | "RADIO"
                | "DROPDOWN"
                | "NUMBER"
                | "NAME"
                | "EMAIL"
                | "FORMULA"
                | "FILE";
              page: number;
              x: number;
              y: number;
              width: number;
              height: number;
              name: string | null;
              required: boolean;
              label: string | null;
              maxLength: number | null;
              fontSize: number | null;
              defaultValue: string | null;
              /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
              options: string[] | null;
              /** @description RADIO: the group of the button (one choice per group) */
              group: string | null;
              /** @description RADIO: the option this button stands for */
              option: string | null;
              /** @description NUMBER: smallest value allowed */
              min: number | null;
              /** @description NUMBER: largest value allowed */
              max: number | null;
              /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
              decimals: number | null;
              /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
              formula: string | null;
              /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
              accept: ("PDF" | "PNG" | "JPEG")[] | null;
              /** @description FILE: largest file, in MB (null: 10) */
              maxSizeMb: number | null;
              /** @description FILE: whether it takes several files (up to 10); null: one */
              multiple: boolean | null;
              conditions:
                | (
                    | {
                        all: (
                          | {
                              /** Format: uuid */
                              fieldId: string;
                              /** @enum {string} */
                              op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                              value?: string | number | boolean;
                            }
                          | (
                              | {
                                  all: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                              | {
                                  any: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                            )
                        )[];
                      }
                    | {
                        any: (
                          | {
                              /** Format: uuid */
                              fieldId: string;
                              /** @enum {string} */
                              op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                              value?: string | number | boolean;
                            }
                          | (
                              | {
                                  all: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                              | {
                                  any: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                            )
                        )[];
                      }
                  )
                | null;
              /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
              seat: number;
              anchor: {
                [key: string]: unknown;
              } | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  remindRequest: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Reminders queued */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              reminded: {
                /** Format: uuid */
                id: string;
                email: string;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  resendInvitation: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
        recipientId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invitation queued */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              email: string;
              /** Format: uuid */
              mailId: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  correctRecipient: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
        recipientId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: email */
          email?: string;
          name?: string;
        };
      };
    };
    responses: {
      /** @description Corrected */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              email: string;
              name: string;
              /** @enum {string} */
              role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
              order: number;
              signingOrder: number;
              /** @enum {string} */
              status: "PENDING" | "SENT" | "VIEWED" | "SIGNED" | "APPROVED" | "DECLINED" | "RELEASED";
              sentAt: string | null;
              lastMailedAt: string | null;
              viewedAt: string | null;
              signedAt: string | null;
              approvedAt: string | null;
              declinedAt: string | null;
              declineReason: string | null;
              authentication: {
                /** @enum {string} */
                method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
              };
              /** @enum {string} */
              delivery: "EMAIL" | "EMBEDDED";
              locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
              remindersSent: number;
              lastRemindedAt: string | null;
              canDelegate: boolean;
              delegatedFrom: {
                name: string;
                email: string;
                reason: string;
                at: string;
              } | null;
              group: {
                /** Format: uuid */
                id: string;
                name: string;
                required: number;
                size: number;
              } | null;
              groupSeat: number | null;
              invited: boolean;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  copyRecipientSigningLink: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
        recipientId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The signing link */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              url: string;
              /** Format: uuid */
              recipientId: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  resealRequest: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Seal queued */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              status: "DRAFT" | "IN_PROGRESS" | "COMPLETED" | "DECLINED" | "CANCELLED" | "EXPIRED";
              title: string;
              delivery_mode: string;
              /** @enum {string} */
              environment: "SANDBOX" | "PRODUCTION";
              /** @description The first document's current version (`documents[0]`) */
              document: {
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              };
              /** @description The request's documents in order, each with its current version */
              documents: {
                /** Format: uuid */
                id: string;
                /** @description Its name (the uploaded file's, unless renamed) */
                name: string;
                /** @description Its place among the request's documents: 1 for the first */
                order: number;
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              }[];
              recipients: {
                /** Format: uuid */
                id: string;
                email: string;
                name: string;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                order: number;
                signingOrder: number;
                /** @enum {string} */
                status: "PENDING" | "SENT" | "VIEWED" | "SIGNED" | "APPROVED" | "DECLINED" | "RELEASED";
                sentAt: string | null;
                lastMailedAt: string | null;
                viewedAt: string | null;
                signedAt: string | null;
                approvedAt: string | null;
                declinedAt: string | null;
                declineReason: string | null;
                authentication: {
                  /** @enum {string} */
                  method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
                };
                /** @enum {string} */
                delivery: "EMAIL" | "EMBEDDED";
                locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
                remindersSent: number;
                lastRemindedAt: string | null;
                canDelegate: boolean;
                delegatedFrom: {
                  name: string;
                  email: string;
                  reason: string;
                  at: string;
                } | null;
                group: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  required: number;
                  size: number;
                } | null;
                groupSeat: number | null;
              }[];
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                recipientId: string;
                /**
                 * Format: uuid
                 * @description The document the field stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
              /** @description Files signers attached to FILE fields and kept in their signature: GET …/attachments/{attachmentId} */
              attachments: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                fieldId: string;
                /** Format: uuid */
                recipientId: string;
                name: string;
                type: string;
                size: number;
                sha256: string;
              }[];
              createdAt: string;
              updatedAt: string;
              sentAt: string | null;
              completedAt: string | null;
              cancelledAt: string | null;
              expiresAt: string | null;
              sealError: {
                code: string;
                message: string;
                failedAt: string;
              } | null;
              /** @enum {string} */
              source: "api" | "public_link";
              publicLinkId: string | null;
              locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
              timezone: string;
              /** @enum {string} */
              dateFormat: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
              sendSettings: {
                /** @description The mails' subject; null: Signet's own */
                subject: string | null;
                /** @description The sender's message (plain text); null: none */
                message: string | null;
                /** @description Reply-To; null: the staff member who sent it, else none */
                replyTo: string | null;
                /** @description Days from sending to expiry; null when expiresAt was given (or, on an older draft, the default at send) */
                expiryDays: number | null;
                /** @description The expiry asked for as a moment (ISO 8601, UTC); null when counted in days from sending */
                expiresAt: string | null;
                /** @description The automatic reminder schedule; null: none */
                reminders: {
                  firstAfterDays: number;
                  everyDays: number;
                  max: number;
                } | null;
              };
              awaitingApproval: boolean;
              approval: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                state: "PENDING" | "APPROVED" | "REJECTED";
                /** @enum {string} */
                via: "api" | "mcp";
                requestedAt: string;
                requestedByKey: string;
                decidedAt: string | null;
                decidedBy: string | null;
                reason: string | null;
              } | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  viewSigning: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The signer's view */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              request: {
                /** Format: uuid */
                id: string;
                title: string;
                /** @enum {string} */
                status: "DRAFT" | "IN_PROGRESS" | "COMPLETED" | "DECLINED" | "CANCELLED" | "EXPIRED";
                /** @enum {string} */
                environment: "SANDBOX" | "PRODUCTION";
                locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
                timezone: string;
                /** @enum {string} */
                dateFormat: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
              };
              recipient: {
                /** Format: uuid */
                id: string;
                name: string;
                email: string;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                /** @enum {string} */
                status: "PENDING" | "SENT" | "VIEWED" | "SIGNED" | "APPROVED" | "DECLINED" | "RELEASED";
                signedAt: string | null;
                approvedAt: string | null;
                viewedAt: string | null;
                locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
                canDelegate: boolean;
              };
              /** @description What this signer's DATE fields would say if they signed now; the signature stores the day it is signed */
              signingDate: {
                /** @description The day in the request's zone and format, in the signer's language: "01.04.2025" */
                value: string;
                /** @description The same day as YYYY-MM-DD (what a rule on a DATE field compares) */
                day: string;
                timezone: string;
                /** @enum {string} */
                dateFormat: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
                /**
                 * @description The signer's language for their values: the recipient's locale, else the request's, else en
                 * @enum {string}
                 */
                locale: "en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl";
              };
              yourTurn: boolean;
              /** @description The names of those who must finish before this recipient's turn */
              waitingFor: string[];
              everyoneSigned: boolean;
              /** @description COMPLETED: until when the sealed copy is at /document */
              availableUntil: string | null;
              /** @description The sender's message, as in the invitation (sendSettings.message); null: none */
              message: {
                /** @description The staff member who sent the request; null when it was sent with an API key */
                from: string | null;
                /** @description Plain text, line breaks kept: show it as text, never as HTML */
                text: string;
              } | null;
              /** @description The first document (`documents[0]`) */
              document: {
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              };
              /** @description The request's documents in order (the signer reads and signs them all); `?document=<id>` picks one at /document and /pages */
              documents: {
                /** Format: uuid */
                id: string;
                /** @description Its name (the uploaded file's, unless renamed) */
                name: string;
                /** @description Its place among the request's documents: 1 for the first */
                order: number;
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              }[];
              /** @description How many other recipients a decline by this link would tell now (the sender always is) */
              declineTells: number;
              /** @description COMPLETED: the files signers kept, under the seal, each at /attachments/{id}; [] before */
              attachments: {
                /**
                 * Format: uuid
                 * @description Download it at /attachments/{id}
                 */
                id: string;
                /** Format: uuid */
                fieldId: string;
                /**
                 * Format: uuid
                 * @description The document whose sealed PDF carries it (embedded under the seal)
                 */
                documentId: string;
                name: string;
                /** @description application/pdf, image/png or image/jpeg */
                type: string;
                size: number;
                sha256: string;
                /** @description Attached by this link's own recipient */
                yours: boolean;
              }[];
              fields: {
                /** Format: uuid */
                id: string;
                /**
                 * Format: uuid
                 * @description The document the field stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
              }[];
              /** @description Earlier signers' fields this signer's conditions and formulas read, with what they hold */
              readFields: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                name: string | null;
                group: string | null;
                option: string | null;
                /** @description TEXT, NAME, EMAIL, DROPDOWN; NUMBER and FORMULA in their stored form */
                text: string | null;
                /** @description CHECKBOX ticked; RADIO: this button chosen */
                checked: boolean | null;
                /** @description DATE: the day signed, YYYY-MM-DD */
                day: string | null;
                filled: boolean;
              }[];
              /** @description What this signer saved so far (PUT …/draft), for the page to show again: only while it is their turn to sign; not a signature */
              drafts: {
                /** Format: uuid */
                fieldId: string;
                text?: string;
                checked?: boolean;
                typed?: string;
                /** @description The image as it was cleaned when saved: a data: URL of a PNG or JPEG */
                image?: string;
                /** @description FILE: the files attached so far */
                files?: {
                  /** Format: uuid */
                  id: string;
                  /** Format: uuid */
                  fieldId: string;
                  name: string;
                  /** @enum {string} */
                  type: "application/pdf" | "image/png" | "image/jpeg";
                  size: number;
                  sha256: string;
                  uploadedAt: string;
                }[];
                savedAt: string;
              }[];
              /** @description What the recipients who signed put on the documents, for the page to draw read-only where each field stands: only theirs (never a draft of someone who has not signed), only fields the conditions show, only once this recipient's turn came and while the request is IN_PROGRESS ([] once COMPLETED: the sealed pages carry them) */
              signedValues: {
                /**
                 * Format: uuid
                 * @description The field's id
                 */
                id: string;
                /** Format: uuid */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                label: string | null;
                fontSize: number | null;
                /** @description The name of the recipient who gave it */
                signedBy: string;
                value:
                  | {
                      /** @constant */
                      kind: "image";
                      /**
                       * Format: uuid
                       * @description Drawn or uploaded: the image is at /values/{imageId}/image (one id for boxes sharing it)
                       */
                      imageId: string;
                    }
                  | {
                      /** @constant */
                      kind: "typed";
                      /** @description A typed signature or initials, in a script font */
                      text: string;
                    }
                  | {
                      /** @constant */
                      kind: "text";
                      text: string;
                    }
                  | {
                      /** @constant */
                      kind: "date";
                      /** @description The day signed, as sealed */
                      text: string;
                    }
                  | {
                      /** @constant */
                      kind: "check";
                      checked: boolean;
                    }
                  | {
                      /** @constant */
                      kind: "choice";
                      selected: boolean;
                      option: string;
                    }
                  | {
                      /** @constant */
                      kind: "files";
                      /** @description The attached files' names (downloadable once sealed) */
                      names: string[];
                    };
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  signingDocument: {
    parameters: {
      query?: {
        document?: string;
      };
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The PDF bytes */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/pdf": Blob;
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  signingFiles: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The link's files */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** @description COMPLETED: each document is its sealed PDF (its certificate at its end); before, the copy to sign */
              sealed: boolean;
              /** @description COMPLETED: until when the link offers them */
              availableUntil: string | null;
              documents: {
                /**
                 * Format: uuid
                 * @description At /document?document={id} (the first without it too)
                 */
                id: string;
                order: number;
                name: string;
                /** @description The pages of what /document serves (a sealed PDF's certificate pages included) */
                pageCount: number;
                /** @description Of what /document serves once COMPLETED (the sealed PDF) */
                sha256: string;
                /** @description What the download is named (Content-Disposition) */
                fileName: string;
              }[];
              /** @description COMPLETED: every file signers kept; [] before */
              attachments: {
                /**
                 * Format: uuid
                 * @description Download it at /attachments/{id}
                 */
                id: string;
                /** Format: uuid */
                fieldId: string;
                /**
                 * Format: uuid
                 * @description The document whose sealed PDF carries it (embedded under the seal)
                 */
                documentId: string;
                name: string;
                /** @description application/pdf, image/png or image/jpeg */
                type: string;
                size: number;
                sha256: string;
                /** @description Attached by this link's own recipient */
                yours: boolean;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  signingAttachment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
        attachmentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file's bytes */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/pdf": Blob;
          "image/png": Blob;
          "image/jpeg": Blob;
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  earlierValueImage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
        fieldId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The image's bytes */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "image/png": Blob;
          "image/jpeg": Blob;
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  signingPageImage: {
    parameters: {
      query: {
        w: string;
        v?: string;
        document?: string;
      };
      header?: never;
      path: {
        token: string;
        page: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page's image */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "image/png": Blob;
          "image/jpeg": Blob;
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  signingPageText: {
    parameters: {
      query?: {
        v?: string;
        document?: string;
      };
      header?: never;
      path: {
        token: string;
        page: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page's text */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              page: number;
              width: number;
              height: number;
              items: {
                s: string;
                x: number;
                y: number;
                w: number;
                h: number;
                f: number;
                d?: 90 | 180 | 270;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  submitSignature: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @constant */
          consent: true;
          /**
           * @description The language the page is shown in: this signer's later mails (and the certificate, as the first signer's) speak it
           * @enum {string}
           */
          locale?: "en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl";
          values: {
            fieldId: string;
            text?: string;
            checked?: boolean;
            typed?: string;
            image?: string;
            files?: string[];
          }[];
        };
      };
    };
    responses: {
      /** @description Signed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              requestId: string;
              /** @constant */
              status: "SIGNED";
              completed: boolean;
              /** @enum {string} */
              next: "SEALING" | "SAME_STEP" | "NEXT_INVITED";
              /** @description SAME_STEP: recipients of the step still to finish; NEXT_INVITED: recipients invited; else 0 */
              count: number;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  uploadSignerFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "multipart/form-data": {
          fieldId: string;
          /** Format: binary */
          file: Blob;
        };
      };
    };
    responses: {
      /** @description Attached (until the signature keeps it or not) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              fieldId: string;
              name: string;
              /** @enum {string} */
              type: "application/pdf" | "image/png" | "image/jpeg";
              size: number;
              sha256: string;
              uploadedAt: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  saveSigningDraft: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          values: {
            fieldId: string;
            text?: string;
            checked?: boolean;
            typed?: string;
            image?: string;
            files?: string[];
          }[];
          /**
           * @description The language the page is shown in: this signer's later mails (and the certificate, as the first signer's) speak it
           * @enum {string}
           */
          locale?: "en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl";
        };
      };
    };
    responses: {
      /** @description Saved */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** @description Entries saved */
              saved: number;
              /** @description Entries that removed a saved value */
              cleared: number;
              savedAt: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  approveSigning: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @constant */
          consent: true;
          /**
           * @description The language the page is shown in: this signer's later mails (and the certificate, as the first signer's) speak it
           * @enum {string}
           */
          locale?: "en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl";
        };
      };
    };
    responses: {
      /** @description Approved */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              requestId: string;
              /** @constant */
              status: "APPROVED";
              completed: boolean;
              /** @enum {string} */
              next: "SEALING" | "SAME_STEP" | "NEXT_INVITED";
              /** @description SAME_STEP: recipients of the step still to finish; NEXT_INVITED: recipients invited; else 0 */
              count: number;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  delegateSigning: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** Format: email */
          email: string;
          reason: string;
          /**
           * @description The language the page is shown in: this signer's later mails (and the certificate, as the first signer's) speak it
           * @enum {string}
           */
          locale?: "en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl";
        };
      };
    };
    responses: {
      /** @description Handed over */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** @constant */
              delegated: true;
              to: {
                name: string;
                email: string;
              };
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  declineSigning: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          reason: string;
          /**
           * @description The language the page is shown in: this signer's later mails (and the certificate, as the first signer's) speak it
           * @enum {string}
           */
          locale?: "en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl";
        };
      };
    };
    responses: {
      /** @description Declined */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              requestId: string;
              /** @constant */
              status: "DECLINED";
              /** @description How many other recipients are told (those the request reached, and CCs); the sender always is */
              othersTold: number;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  signerAuthentication: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The link's authentication */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** @enum {string} */
              method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
              /** @description The sender's organization */
              organization: string | null;
              /** @description EMAIL_CODE: where the code goes, masked ("a•••@example.com") */
              emailHint: string | null;
              /** @description Five wrong codes in a row lock the link for 15 minutes */
              lockedUntil: string | null;
              attemptsLeft: number;
              codeSentAt: string | null;
              /** @description The last code mailed, while it can still be used */
              codeExpiresAt: string | null;
              /** @description When another code may be mailed (one per 30 s, five an hour); null: now */
              nextCodeAt: string | null;
              /** @description This browser holds a live signer session for the link (always true for NONE) */
              verified: boolean;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  verifySignerCode: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          code: string;
        };
      };
    };
    responses: {
      /** @description Verified */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** @constant */
              verified: true;
              /** @enum {string} */
              method: "ACCESS_CODE" | "EMAIL_CODE";
              sessionExpiresAt: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  sendSignerCode: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Code queued for mailing */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              sentTo: string;
              expiresAt: string;
              nextCodeAt: string | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Endpoints */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              items: {
                /** Format: uuid */
                id: string;
                url: string;
                events: string[];
                description: string | null;
                enabled: boolean;
                disabledReason: string | null;
                createdAt: string;
              }[];
            };
          };
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: uri */
          url: string;
          /**
           * @default [
           *       "signature_request.sent",
           *       "signature_request.viewed",
           *       "signature_request.signed",
           *       "signature_request.approved",
           *       "signature_request.completed",
           *       "signature_request.declined",
           *       "signature_request.cancelled",
           *       "signature_request.expired",
           *       "signature_request.seal_failed",
           *       "recipient.delegated",
           *       "signature_request.approval_requested",
           *       "signature_request.approval_rejected"
           *     ]
           */
          events?: (
            | "signature_request.sent"
            | "signature_request.viewed"
            | "signature_request.signed"
            | "signature_request.approved"
            | "signature_request.completed"
            | "signature_request.declined"
            | "signature_request.cancelled"
            | "signature_request.expired"
            | "signature_request.seal_failed"
            | "recipient.delegated"
            | "signature_request.approval_requested"
            | "signature_request.approval_rejected"
          )[];
          description?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              url: string;
              events: string[];
              description: string | null;
              enabled: boolean;
              disabledReason: string | null;
              createdAt: string;
              secret: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @constant */
              deleted: true;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deliveries */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              items: {
                /** Format: uuid */
                id: string;
                messageId: string;
                eventType: string;
                /** @enum {string} */
                status: "PENDING" | "DELIVERED" | "FAILED";
                attempts: number;
                lastStatusCode: number | null;
                lastError: string | null;
                createdAt: string;
                deliveredAt: string | null;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listOutbox: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Messages */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** @enum {string} */
              delivery: "smtp" | "outbox";
              smtpHost: string | null;
              undelivered: {
                /** Format: uuid */
                id: string;
                kind: string;
                to: string | null;
                /** Format: uuid */
                requestId: string;
                requestTitle: string;
                /** @enum {string} */
                status: "RETRYING" | "FAILED" | "DELIVERED";
                attempts: number;
                maxAttempts: number;
                lastError: string | null;
                nextAttemptAt: string | null;
                createdAt: string;
              }[];
              items: {
                id: string;
                kind: string;
                to: string;
                subject: string;
                via: string;
                requestId: string | null;
                createdAt: string;
                hasContent: boolean;
              }[];
            };
          };
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  retryUndeliveredMail: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Queued again */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              kind: string;
              to: string | null;
              /** Format: uuid */
              requestId: string;
              requestTitle: string;
              /** @enum {string} */
              status: "RETRYING" | "FAILED" | "DELIVERED";
              attempts: number;
              maxAttempts: number;
              lastError: string | null;
              nextAttemptAt: string | null;
              createdAt: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getOutboxMessage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The message */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              id: string;
              to: string;
              subject: string;
              kind: string;
              text: string;
              html: string | null;
              raw: string | null;
              linkHidden: boolean;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  copyOutboxSigningLink: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The signing link */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              url: string;
              /** Format: uuid */
              recipientId: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  previewAnchors: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": {
          anchors?: {
            anchorKey: string;
          }[];
          /** @description The request's document to search (`documents[].id`); all of them when left out */
          documentId?: string;
        };
      };
    };
    responses: {
      /** @description Anchors and where they are */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data:
              | {
                  /** @description The version searched of the first document searched */
                  documentVersion: number;
                  documents: {
                    /** Format: uuid */
                    documentId: string;
                    name: string;
                    documentVersion: number;
                  }[];
                  anchors: {
                    anchorKey: string;
                    found: boolean;
                    occurrences: {
                      /**
                       * Format: uuid
                       * @description The request's document it was found in (`documents[].id`)
                       */
                      documentId: string;
                      page: number;
                      x: number;
                      y: number;
                      width: number;
                      height: number;
                    }[];
                  }[];
                  missing: string[];
                }
              | {
                  /** @description The version searched of the first document searched */
                  documentVersion: number;
                  documents: {
                    /** Format: uuid */
                    documentId: string;
                    name: string;
                    documentVersion: number;
                  }[];
                  anchors: (
                    | {
                        anchorKey: string;
                        /**
                         * Format: uuid
                         * @description The request's document it was found in (`documents[].id`)
                         */
                        documentId: string;
                        page: number;
                        x: number;
                        y: number;
                        width: number;
                        height: number;
                        /** @constant */
                        valid: true;
                        anchor:
                          | {
                              /** @constant */
                              type: "signature";
                              signerRef: string;
                              width: number;
                              height: number;
                            }
                          | {
                              /** @constant */
                              type: "text";
                              signerRef: string;
                              width: number;
                              height: number;
                              maxLength: number;
                              fontSize: number;
                              label: string;
                              placeholder: string;
                              required: boolean;
                            }
                          | {
                              /** @constant */
                              type: "date";
                              signerRef: string;
                              width: number;
                              height: number;
                              fontSize: number;
                            }
                          | {
                              /** @constant */
                              type: "image";
                              signerRef: string;
                              width: number;
                              height: number;
                              label: string;
                            }
                          | {
                              /** @constant */
                              type: "checkbox";
                              signerRef: string;
                              width: number;
                              height: number;
                              label: string;
                              required: boolean;
                            }
                          | {
                              /** @constant */
                              type: "radio";
                              signerRef: string;
                              width: number;
                              height: number;
                              group: string;
                              option: string;
                              required: boolean;
                            }
                          | {
                              /** @constant */
                              type: "dropdown";
                              signerRef: string;
                              width: number;
                              height: number;
                              fontSize: number;
                              options: string[];
                              label: string;
                              required: boolean;
                            }
                          | {
                              /** @constant */
                              type: "number";
                              signerRef: string;
                              width: number;
                              height: number;
                              fontSize: number;
                              label: string;
                              required: boolean;
                              min?: number;
                              max?: number;
                              decimals?: number;
                            }
                          | {
                              /** @enum {string} */
                              type: "name" | "email";
                              signerRef: string;
                              width: number;
                              height: number;
                              fontSize: number;
                            }
                          | {
                              /** @constant */
                              type: "legacy";
                              name: string;
                            };
                        /** @description Where the field lies on the page: what it covers, and the box that fits its line */
                        layout?: {
                          /** @description The box judged: the field placed at the anchor, else the one the anchor asks for */
                          field: {
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                            fontSize?: number;
                            /**
                             * Format: uuid
                             * @description The field already placed at this anchor, whose box this is
                             */
                            placedFieldId?: string;
                          };
                          covers: {
                            /** @description Text under the field, one entry per line (a `{{…}}` token's own text is not counted: the seal removes it) */
                            text: {
                              text: string;
                              x: number;
                              y: number;
                              width: number;
                              height: number;
                            }[];
                            /** @description Other anchors (by their text) whose fields this one overlaps */
                            anchors: string[];
                            /** @description Fields placed on the page, not at an anchor, that it overlaps */
                            fields: string[];
                          };
                          /** @description A box at the anchor that fits its line: the line's height, as wide as the room up to the next text, field or page margin; place it with `sizes` on /fields/anchors. Null off a left-to-right line */
                          fit: {
                            width: number;
                            height: number;
                            fontSize?: number;
                          } | null;
                        };
                      }
                    | {
                        anchorKey: string;
                        /**
                         * Format: uuid
                         * @description The request's document it was found in (`documents[].id`)
                         */
                        documentId: string;
                        page: number;
                        x: number;
                        y: number;
                        width: number;
                        height: number;
                        /** @constant */
                        valid: false;
                        reason: string;
                      }
                  )[];
                  signerRefs: string[];
                  malformed: number;
                };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  anchorFields: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json":
          | {
              fields: {
                anchorKey: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                recipientId: string;
                /** @description The request's document to search (`documents[].id`); all of them when left out */
                documentId?: string;
                /** @default 0 */
                xOffset?: number;
                /** @default 0 */
                yOffset?: number;
                width: number;
                height: number;
                name?: string;
                occurrenceIndex?: number;
                required?: boolean;
                label?: string;
                maxLength?: number;
                fontSize?: number;
                defaultValue?: string;
                options?: string[];
                group?: string;
                option?: string;
                min?: number;
                max?: number;
                decimals?: number;
                formula?: string;
                accept?: ("PDF" | "PNG" | "JPEG")[];
                maxSizeMb?: number;
                multiple?: boolean;
                conditions?:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                seat?: number;
              }[];
            }
          | {
              recipientId: string;
              /** @description The request's document to search (`documents[].id`); all of them when left out */
              documentId?: string;
              /** @default s1 */
              signerRef?: string;
              /** @description Boxes for chosen anchors' fields instead of the anchors' own sizes (the preview's `layout.fit`) */
              sizes?: {
                anchorKey: string;
                occurrenceIndex?: number;
                width: number;
                height: number;
                fontSize?: number;
              }[];
            };
      };
    };
    responses: {
      /** @description Fields created; what was not placed is in skipped */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data:
              | {
                  fields: {
                    /** Format: uuid */
                    id: string;
                    /** Format: uuid */
                    recipientId: string;
                    /**
                     * Format: uuid
                     * @description The document the field stands on (`documents[].id`); `page` counts its pages
                     */
                    documentId: string;
                    /** @enum {string} */
                    type:
                      | "SIGNATURE"
                      | "INITIAL"
                      | "DATE"
                      | "TEXT"
                      | "CHECKBOX"
                      | "RADIO"
                      | "DROPDOWN"
                      | "NUMBER"
                      | "NAME"
                      | "EMAIL"
                      | "FORMULA"
                      | "FILE";
                    page: number;
                    x: number;
                    y: number;
                    width: number;
                    height: number;
                    name: string | null;
                    required: boolean;
                    label: string | null;
                    maxLength: number | null;
                    fontSize: number | null;
                    defaultValue: string | null;
                    /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                    options: string[] | null;
                    /** @description RADIO: the group of the button (one choice per group) */
                    group: string | null;
                    /** @description RADIO: the option this button stands for */
                    option: string | null;
                    /** @description NUMBER: smallest value allowed */
                    min: number | null;
                    /** @description NUMBER: largest value allowed */
                    max: number | null;
                    /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                    decimals: number | null;
                    /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                    formula: string | null;
                    /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                    accept: ("PDF" | "PNG" | "JPEG")[] | null;
                    /** @description FILE: largest file, in MB (null: 10) */
                    maxSizeMb: number | null;
                    /** @description FILE: whether it takes several files (up to 10); null: one */
                    multiple: boolean | null;
                    conditions:
                      | (
                          | {
                              all: (
                                | {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }
                                | (
                                    | {
                                        all: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                    | {
                                        any: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                  )
                              )[];
                            }
                          | {
                              any: (
                                | {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }
                                | (
                                    | {
                                        all: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                    | {
                                        any: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                  )
                              )[];
                            }
                        )
                      | null;
                    /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                    seat: number;
                    anchor: {
                      [key: string]: unknown;
                    } | null;
                  }[];
                  skipped: {
                    anchorKey: string;
                    /**
                     * Format: uuid
                     * @description The request's document it was found in (`documents[].id`)
                     */
                    documentId?: string;
                    page: number;
                    reason: string;
                    /** @enum {string} */
                    code?: "MALFORMED" | "LEGACY" | "OTHER_SIGNER" | "IMAGE" | "ALREADY_PLACED";
                    signerRef?: string;
                  }[];
                }
              | {
                  fields: {
                    /** Format: uuid */
                    id: string;
                    /** Format: uuid */
                    roleId: string;
                    roleName: string;
                    signerRef: string;
                    /**
                     * Format: uuid
                     * @description The template's PDF document it stands on (`documents[].id`); `page` counts its pages
                     */
                    documentId: string;
                    /** @enum {string} */
                    type:
                      | "SIGNATURE"
                      | "INITIAL"
                      | "DATE"
                      | "TEXT"
                      | "CHECKBOX"
                      | "RADIO"
                      | "DROPDOWN"
                      | "NUMBER"
                      | "NAME"
                      | "EMAIL"
                      | "FORMULA"
                      | "FILE";
                    page: number;
                    x: number;
                    y: number;
                    width: number;
                    height: number;
                    name: string | null;
                    required: boolean;
                    label: string | null;
                    maxLength: number | null;
                    fontSize: number | null;
                    defaultValue: string | null;
                    /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                    options: string[] | null;
                    /** @description RADIO: the group of the button (one choice per group) */
                    group: string | null;
                    /** @description RADIO: the option this button stands for */
                    option: string | null;
                    /** @description NUMBER: smallest value allowed */
                    min: number | null;
                    /** @description NUMBER: largest value allowed */
                    max: number | null;
                    /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                    decimals: number | null;
                    /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                    formula: string | null;
                    /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                    accept: ("PDF" | "PNG" | "JPEG")[] | null;
                    /** @description FILE: largest file, in MB (null: 10) */
                    maxSizeMb: number | null;
                    /** @description FILE: whether it takes several files (up to 10); null: one */
                    multiple: boolean | null;
                    conditions:
                      | (
                          | {
                              all: (
                                | {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }
                                | (
                                    | {
                                        all: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                    | {
                                        any: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                  )
                              )[];
                            }
                          | {
                              any: (
                                | {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }
                                | (
                                    | {
                                        all: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                    | {
                                        any: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                  )
                              )[];
                            }
                        )
                      | null;
                    /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                    seat: number;
                    anchor: {
                      [key: string]: unknown;
                    } | null;
                  }[];
                  skipped: {
                    anchorKey: string;
                    /**
                     * Format: uuid
                     * @description The request's document it was found in (`documents[].id`)
                     */
                    documentId?: string;
                    page: number;
                    reason: string;
                    /** @enum {string} */
                    code?: "MALFORMED" | "LEGACY" | "OTHER_SIGNER" | "IMAGE" | "ALREADY_PLACED";
                    signerRef?: string;
                  }[];
                };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  anchoredFields: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json":
          | {
              fields: {
                anchorKey: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                recipientId: string;
                /** @description The request's document to search (`documents[].id`); all of them when left out */
                documentId?: string;
                /** @default 0 */
                xOffset?: number;
                /** @default 0 */
                yOffset?: number;
                width: number;
                height: number;
                name?: string;
                occurrenceIndex?: number;
                required?: boolean;
                label?: string;
                maxLength?: number;
                fontSize?: number;
                defaultValue?: string;
                options?: string[];
                group?: string;
                option?: string;
                min?: number;
                max?: number;
                decimals?: number;
                formula?: string;
                accept?: ("PDF" | "PNG" | "JPEG")[];
                maxSizeMb?: number;
                multiple?: boolean;
                conditions?:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                seat?: number;
              }[];
            }
          | {
              recipientId: string;
              /** @description The request's document to search (`documents[].id`); all of them when left out */
              documentId?: string;
              /** @default s1 */
              signerRef?: string;
              /** @description Boxes for chosen anchors' fields instead of the anchors' own sizes (the preview's `layout.fit`) */
              sizes?: {
                anchorKey: string;
                occurrenceIndex?: number;
                width: number;
                height: number;
                fontSize?: number;
              }[];
            };
      };
    };
    responses: {
      /** @description Fields created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data:
              | {
                  fields: {
                    /** Format: uuid */
                    id: string;
                    /** Format: uuid */
                    recipientId: string;
                    /**
                     * Format: uuid
                     * @description The document the field stands on (`documents[].id`); `page` counts its pages
                     */
                    documentId: string;
                    /** @enum {string} */
                    type:
                      | "SIGNATURE"
                      | "INITIAL"
                      | "DATE"
                      | "TEXT"
                      | "CHECKBOX"
                      | "RADIO"
                      | "DROPDOWN"
                      | "NUMBER"
                      | "NAME"
                      | "EMAIL"
                      | "FORMULA"
                      | "FILE";
                    page: number;
                    x: number;
                    y: number;
                    width: number;
                    height: number;
                    name: string | null;
                    required: boolean;
                    label: string | null;
                    maxLength: number | null;
                    fontSize: number | null;
                    defaultValue: string | null;
                    /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                    options: string[] | null;
                    /** @description RADIO: the group of the button (one choice per group) */
                    group: string | null;
                    /** @description RADIO: the option this button stands for */
                    option: string | null;
                    /** @description NUMBER: smallest value allowed */
                    min: number | null;
                    /** @description NUMBER: largest value allowed */
                    max: number | null;
                    /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                    decimals: number | null;
                    /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                    formula: string | null;
                    /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                    accept: ("PDF" | "PNG" | "JPEG")[] | null;
                    /** @description FILE: largest file, in MB (null: 10) */
                    maxSizeMb: number | null;
                    /** @description FILE: whether it takes several files (up to 10); null: one */
                    multiple: boolean | null;
                    conditions:
                      | (
                          | {
                              all: (
                                | {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }
                                | (
                                    | {
                                        all: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                    | {
                                        any: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                  )
                              )[];
                            }
                          | {
                              any: (
                                | {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }
                                | (
                                    | {
                                        all: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                    | {
                                        any: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                  )
                              )[];
                            }
                        )
                      | null;
                    /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                    seat: number;
                    anchor: {
                      [key: string]: unknown;
                    } | null;
                  }[];
                  skipped: {
                    anchorKey: string;
                    /**
                     * Format: uuid
                     * @description The request's document it was found in (`documents[].id`)
                     */
                    documentId?: string;
                    page: number;
                    reason: string;
                    /** @enum {string} */
                    code?: "MALFORMED" | "LEGACY" | "OTHER_SIGNER" | "IMAGE" | "ALREADY_PLACED";
                    signerRef?: string;
                  }[];
                }
              | {
                  fields: {
                    /** Format: uuid */
                    id: string;
                    /** Format: uuid */
                    roleId: string;
                    roleName: string;
                    signerRef: string;
                    /**
                     * Format: uuid
                     * @description The template's PDF document it stands on (`documents[].id`); `page` counts its pages
                     */
                    documentId: string;
                    /** @enum {string} */
                    type:
                      | "SIGNATURE"
                      | "INITIAL"
                      | "DATE"
                      | "TEXT"
                      | "CHECKBOX"
                      | "RADIO"
                      | "DROPDOWN"
                      | "NUMBER"
                      | "NAME"
                      | "EMAIL"
                      | "FORMULA"
                      | "FILE";
                    page: number;
                    x: number;
                    y: number;
                    width: number;
                    height: number;
                    name: string | null;
                    required: boolean;
                    label: string | null;
                    maxLength: number | null;
                    fontSize: number | null;
                    defaultValue: string | null;
                    /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                    options: string[] | null;
                    /** @description RADIO: the group of the button (one choice per group) */
                    group: string | null;
                    /** @description RADIO: the option this button stands for */
                    option: string | null;
                    /** @description NUMBER: smallest value allowed */
                    min: number | null;
                    /** @description NUMBER: largest value allowed */
                    max: number | null;
                    /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                    decimals: number | null;
                    /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                    formula: string | null;
                    /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                    accept: ("PDF" | "PNG" | "JPEG")[] | null;
                    /** @description FILE: largest file, in MB (null: 10) */
                    maxSizeMb: number | null;
                    /** @description FILE: whether it takes several files (up to 10); null: one */
                    multiple: boolean | null;
                    conditions:
                      | (
                          | {
                              all: (
                                | {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }
                                | (
                                    | {
                                        all: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                    | {
                                        any: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                  )
                              )[];
                            }
                          | {
                              any: (
                                | {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }
                                | (
                                    | {
                                        all: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                    | {
                                        any: {
                                          /** Format: uuid */
                                          fieldId: string;
                                          /** @enum {string} */
                                          op:
                                            "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                          value?: string | number | boolean;
                                        }[];
                                      }
                                  )
                              )[];
                            }
                        )
                      | null;
                    /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                    seat: number;
                    anchor: {
                      [key: string]: unknown;
                    } | null;
                  }[];
                  skipped: {
                    anchorKey: string;
                    /**
                     * Format: uuid
                     * @description The request's document it was found in (`documents[].id`)
                     */
                    documentId?: string;
                    page: number;
                    reason: string;
                    /** @enum {string} */
                    code?: "MALFORMED" | "LEGACY" | "OTHER_SIGNER" | "IMAGE" | "ALREADY_PLACED";
                    signerRef?: string;
                  }[];
                };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  stampImage: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "multipart/form-data": {
          anchorKey: string;
          width: number;
          height: number;
          /**
           * @default FIT
           * @enum {string}
           */
          sizingMode?: "FIT" | "FILL" | "STRETCH";
          occurrenceIndex?: number;
          /** @description The request's document to search (`documents[].id`); all of them when left out */
          documentId?: string;
          /** Format: binary */
          image: Blob;
        };
      };
    };
    responses: {
      /** @description Stamped */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              anchorKey: string;
              /**
               * Format: uuid
               * @description The request's document it was found in (`documents[].id`)
               */
              documentId: string;
              page: number;
              x: number;
              y: number;
              width: number;
              height: number;
              drawn: {
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
              };
              documentVersion: number;
              sha256: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  stampImageLegacy: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "multipart/form-data": {
          anchorKey: string;
          width: number;
          height: number;
          /**
           * @default FIT
           * @enum {string}
           */
          sizingMode?: "FIT" | "FILL" | "STRETCH";
          occurrenceIndex?: number;
          /** @description The request's document to search (`documents[].id`); all of them when left out */
          documentId?: string;
          /** Format: binary */
          image: Blob;
        };
      };
    };
    responses: {
      /** @description Stamped */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              anchorKey: string;
              /**
               * Format: uuid
               * @description The request's document it was found in (`documents[].id`)
               */
              documentId: string;
              page: number;
              x: number;
              y: number;
              width: number;
              height: number;
              drawn: {
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
              };
              documentVersion: number;
              sha256: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  replaceText: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          replacements: {
            anchorKey: string;
            text: string;
            width: number;
            height: number;
            fontSize: number;
            occurrenceIndex?: number;
          }[];
          /** @description The request's document to search (`documents[].id`); all of them when left out */
          documentId?: string;
        };
      };
    };
    responses: {
      /** @description Replaced */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              replacements: {
                anchorKey: string;
                /**
                 * Format: uuid
                 * @description The request's document it was found in (`documents[].id`)
                 */
                documentId: string;
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
              }[];
              /** @description The new version of the first document changed */
              documentVersion: number;
              /** @description Its SHA-256 */
              sha256: string;
              documents: {
                /** Format: uuid */
                documentId: string;
                documentVersion: number;
                sha256: string;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listTemplates: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of templates */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              items: {
                /** Format: uuid */
                id: string;
                name: string;
                /**
                 * @description The first document's kind (each document has its own)
                 * @enum {string}
                 */
                kind: "PDF" | "DOCX";
                /** @enum {string} */
                environment: "SANDBOX" | "PRODUCTION";
                placeholders: string[];
                anchors: {
                  anchorKey: string;
                  valid: boolean;
                  anchor?: {
                    [key: string]: unknown;
                  };
                  reason?: string;
                  page?: number;
                  x?: number;
                  y?: number;
                  width?: number;
                  height?: number;
                  /** Format: uuid */
                  documentId: string;
                }[];
                roles: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  order: number;
                  /** @enum {string} */
                  role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                  signerRef: string;
                  canDelegate: boolean;
                  group: {
                    required: number;
                  } | null;
                }[];
                /** @description The template's documents in order */
                documents: {
                  /** Format: uuid */
                  id: string;
                  /** @description Its name (the uploaded file's, unless renamed) */
                  name: string;
                  /** @description Its place among the template's documents: 1 for the first */
                  order: number;
                  /** @enum {string} */
                  kind: "PDF" | "DOCX";
                  placeholders: string[];
                  anchors: {
                    anchorKey: string;
                    valid: boolean;
                    anchor?: {
                      [key: string]: unknown;
                    };
                    reason?: string;
                    page?: number;
                    x?: number;
                    y?: number;
                    width?: number;
                    height?: number;
                  }[];
                  pageCount: number | null;
                  pages:
                    | {
                        width: number;
                        height: number;
                      }[]
                    | null;
                  sha256: string;
                  size: number;
                  filename: string | null;
                }[];
                pageCount: number | null;
                pages:
                  | {
                      width: number;
                      height: number;
                    }[]
                  | null;
                /** @description The first document's */
                sha256: string;
                /** @description The first document's */
                size: number;
                /** @description The first document's */
                filename: string | null;
                createdAt: string;
                fieldCount: number;
              }[];
              nextCursor: string | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createTemplate: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "multipart/form-data": {
          /** @description The PDF or DOCX; repeat the part for several documents, in order (PDF and DOCX mixed) */
          file: Blob | Blob[];
          name?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              name: string;
              /**
               * @description The first document's kind (each document has its own)
               * @enum {string}
               */
              kind: "PDF" | "DOCX";
              /** @enum {string} */
              environment: "SANDBOX" | "PRODUCTION";
              placeholders: string[];
              anchors: {
                anchorKey: string;
                valid: boolean;
                anchor?: {
                  [key: string]: unknown;
                };
                reason?: string;
                page?: number;
                x?: number;
                y?: number;
                width?: number;
                height?: number;
                /** Format: uuid */
                documentId: string;
              }[];
              roles: {
                /** Format: uuid */
                id: string;
                name: string;
                order: number;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                signerRef: string;
                canDelegate: boolean;
                group: {
                  required: number;
                } | null;
              }[];
              /** @description The template's documents in order */
              documents: {
                /** Format: uuid */
                id: string;
                /** @description Its name (the uploaded file's, unless renamed) */
                name: string;
                /** @description Its place among the template's documents: 1 for the first */
                order: number;
                /** @enum {string} */
                kind: "PDF" | "DOCX";
                placeholders: string[];
                anchors: {
                  anchorKey: string;
                  valid: boolean;
                  anchor?: {
                    [key: string]: unknown;
                  };
                  reason?: string;
                  page?: number;
                  x?: number;
                  y?: number;
                  width?: number;
                  height?: number;
                }[];
                pageCount: number | null;
                pages:
                  | {
                      width: number;
                      height: number;
                    }[]
                  | null;
                sha256: string;
                size: number;
                filename: string | null;
              }[];
              pageCount: number | null;
              pages:
                | {
                    width: number;
                    height: number;
                  }[]
                | null;
              /** @description The first document's */
              sha256: string;
              /** @description The first document's */
              size: number;
              /** @description The first document's */
              filename: string | null;
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                roleId: string;
                roleName: string;
                signerRef: string;
                /**
                 * Format: uuid
                 * @description The template's PDF document it stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
              createdAt: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The template */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              name: string;
              /**
               * @description The first document's kind (each document has its own)
               * @enum {string}
               */
              kind: "PDF" | "DOCX";
              /** @enum {string} */
              environment: "SANDBOX" | "PRODUCTION";
              placeholders: string[];
              anchors: {
                anchorKey: string;
                valid: boolean;
                anchor?: {
                  [key: string]: unknown;
                };
                reason?: string;
                page?: number;
                x?: number;
                y?: number;
                width?: number;
                height?: number;
                /** Format: uuid */
                documentId: string;
              }[];
              roles: {
                /** Format: uuid */
                id: string;
                name: string;
                order: number;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                signerRef: string;
                canDelegate: boolean;
                group: {
                  required: number;
                } | null;
              }[];
              /** @description The template's documents in order */
              documents: {
                /** Format: uuid */
                id: string;
                /** @description Its name (the uploaded file's, unless renamed) */
                name: string;
                /** @description Its place among the template's documents: 1 for the first */
                order: number;
                /** @enum {string} */
                kind: "PDF" | "DOCX";
                placeholders: string[];
                anchors: {
                  anchorKey: string;
                  valid: boolean;
                  anchor?: {
                    [key: string]: unknown;
                  };
                  reason?: string;
                  page?: number;
                  x?: number;
                  y?: number;
                  width?: number;
                  height?: number;
                }[];
                pageCount: number | null;
                pages:
                  | {
                      width: number;
                      height: number;
                    }[]
                  | null;
                sha256: string;
                size: number;
                filename: string | null;
              }[];
              pageCount: number | null;
              pages:
                | {
                    width: number;
                    height: number;
                  }[]
                | null;
              /** @description The first document's */
              sha256: string;
              /** @description The first document's */
              size: number;
              /** @description The first document's */
              filename: string | null;
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                roleId: string;
                roleName: string;
                signerRef: string;
                /**
                 * Format: uuid
                 * @description The template's PDF document it stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
              createdAt: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @constant */
              deleted: true;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
        };
      };
    };
    responses: {
      /** @description The template as it now is */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              name: string;
              /**
               * @description The first document's kind (each document has its own)
               * @enum {string}
               */
              kind: "PDF" | "DOCX";
              /** @enum {string} */
              environment: "SANDBOX" | "PRODUCTION";
              placeholders: string[];
              anchors: {
                anchorKey: string;
                valid: boolean;
                anchor?: {
                  [key: string]: unknown;
                };
                reason?: string;
                page?: number;
                x?: number;
                y?: number;
                width?: number;
                height?: number;
                /** Format: uuid */
                documentId: string;
              }[];
              roles: {
                /** Format: uuid */
                id: string;
                name: string;
                order: number;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                signerRef: string;
                canDelegate: boolean;
                group: {
                  required: number;
                } | null;
              }[];
              /** @description The template's documents in order */
              documents: {
                /** Format: uuid */
                id: string;
                /** @description Its name (the uploaded file's, unless renamed) */
                name: string;
                /** @description Its place among the template's documents: 1 for the first */
                order: number;
                /** @enum {string} */
                kind: "PDF" | "DOCX";
                placeholders: string[];
                anchors: {
                  anchorKey: string;
                  valid: boolean;
                  anchor?: {
                    [key: string]: unknown;
                  };
                  reason?: string;
                  page?: number;
                  x?: number;
                  y?: number;
                  width?: number;
                  height?: number;
                }[];
                pageCount: number | null;
                pages:
                  | {
                      width: number;
                      height: number;
                    }[]
                  | null;
                sha256: string;
                size: number;
                filename: string | null;
              }[];
              pageCount: number | null;
              pages:
                | {
                    width: number;
                    height: number;
                  }[]
                | null;
              /** @description The first document's */
              sha256: string;
              /** @description The first document's */
              size: number;
              /** @description The first document's */
              filename: string | null;
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                roleId: string;
                roleName: string;
                signerRef: string;
                /**
                 * Format: uuid
                 * @description The template's PDF document it stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
              createdAt: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getTemplateDocument: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file's bytes */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/pdf": Blob;
          "application/vnd.openxmlformats-officedocument.wordprocessingml.document": Blob;
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  addTemplateDocument: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "multipart/form-data": {
          /** Format: binary */
          file: Blob;
          /** @description Its name; the file's name when left out */
          name?: string;
          /** @description Its place (1 for the first); last when left out */
          order?: number;
        };
      };
    };
    responses: {
      /** @description Added */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @description Its name (the uploaded file's, unless renamed) */
              name: string;
              /** @description Its place among the template's documents: 1 for the first */
              order: number;
              /** @enum {string} */
              kind: "PDF" | "DOCX";
              placeholders: string[];
              anchors: {
                anchorKey: string;
                valid: boolean;
                anchor?: {
                  [key: string]: unknown;
                };
                reason?: string;
                page?: number;
                x?: number;
                y?: number;
                width?: number;
                height?: number;
              }[];
              pageCount: number | null;
              pages:
                | {
                    width: number;
                    height: number;
                  }[]
                | null;
              sha256: string;
              size: number;
              filename: string | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getTemplateDocumentFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file's bytes */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/pdf": Blob;
          "application/vnd.openxmlformats-officedocument.wordprocessingml.document": Blob;
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteTemplateDocument: {
    parameters: {
      query?: {
        removeFields?: "true" | "false";
      };
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @constant */
              deleted: true;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateTemplateDocument: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        documentId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          /** @description Its new place; the others move to make room */
          order?: number;
        };
      };
    };
    responses: {
      /** @description Changed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @description Its name (the uploaded file's, unless renamed) */
              name: string;
              /** @description Its place among the template's documents: 1 for the first */
              order: number;
              /** @enum {string} */
              kind: "PDF" | "DOCX";
              placeholders: string[];
              anchors: {
                anchorKey: string;
                valid: boolean;
                anchor?: {
                  [key: string]: unknown;
                };
                reason?: string;
                page?: number;
                x?: number;
                y?: number;
                width?: number;
                height?: number;
              }[];
              pageCount: number | null;
              pages:
                | {
                    width: number;
                    height: number;
                  }[]
                | null;
              sha256: string;
              size: number;
              filename: string | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  saveAsTemplate: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
        };
      };
    };
    responses: {
      /** @description The new template */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              name: string;
              /**
               * @description The first document's kind (each document has its own)
               * @enum {string}
               */
              kind: "PDF" | "DOCX";
              /** @enum {string} */
              environment: "SANDBOX" | "PRODUCTION";
              placeholders: string[];
              anchors: {
                anchorKey: string;
                valid: boolean;
                anchor?: {
                  [key: string]: unknown;
                };
                reason?: string;
                page?: number;
                x?: number;
                y?: number;
                width?: number;
                height?: number;
                /** Format: uuid */
                documentId: string;
              }[];
              roles: {
                /** Format: uuid */
                id: string;
                name: string;
                order: number;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                signerRef: string;
                canDelegate: boolean;
                group: {
                  required: number;
                } | null;
              }[];
              /** @description The template's documents in order */
              documents: {
                /** Format: uuid */
                id: string;
                /** @description Its name (the uploaded file's, unless renamed) */
                name: string;
                /** @description Its place among the template's documents: 1 for the first */
                order: number;
                /** @enum {string} */
                kind: "PDF" | "DOCX";
                placeholders: string[];
                anchors: {
                  anchorKey: string;
                  valid: boolean;
                  anchor?: {
                    [key: string]: unknown;
                  };
                  reason?: string;
                  page?: number;
                  x?: number;
                  y?: number;
                  width?: number;
                  height?: number;
                }[];
                pageCount: number | null;
                pages:
                  | {
                      width: number;
                      height: number;
                    }[]
                  | null;
                sha256: string;
                size: number;
                filename: string | null;
              }[];
              pageCount: number | null;
              pages:
                | {
                    width: number;
                    height: number;
                  }[]
                | null;
              /** @description The first document's */
              sha256: string;
              /** @description The first document's */
              size: number;
              /** @description The first document's */
              filename: string | null;
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                roleId: string;
                roleName: string;
                signerRef: string;
                /**
                 * Format: uuid
                 * @description The template's PDF document it stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
              createdAt: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getTemplateRoles: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The roles */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              roles: {
                /** Format: uuid */
                id: string;
                name: string;
                order: number;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                signerRef: string;
                canDelegate: boolean;
                group: {
                  required: number;
                } | null;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  putTemplateRoles: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          roles: {
            /** Format: uuid */
            id?: string;
            name: string;
            order?: number;
            /** @enum {string} */
            role?: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
            canDelegate?: boolean;
            group?: {
              required: number;
            } | null;
          }[];
        };
      };
    };
    responses: {
      /** @description The roles as they now are */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              roles: {
                /** Format: uuid */
                id: string;
                name: string;
                order: number;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                signerRef: string;
                canDelegate: boolean;
                group: {
                  required: number;
                } | null;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  addTemplateFields: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json":
          | {
              /** @enum {string} */
              type:
                | "SIGNATURE"
                | "INITIAL"
                | "DATE"
                | "TEXT"
                | "CHECKBOX"
                | "RADIO"
                | "DROPDOWN"
                | "NUMBER"
                | "NAME"
                | "EMAIL"
                | "FORMULA"
                | "FILE";
              page: number;
              x: number;
              y: number;
              width: number;
              height: number;
              name?: string;
              required?: boolean;
              label?: string;
              maxLength?: number;
              fontSize?: number;
              defaultValue?: string;
              options?: string[];
              group?: string;
              option?: string;
              min?: number;
              max?: number;
              decimals?: number;
              formula?: string;
              accept?: ("PDF" | "PNG" | "JPEG")[];
              maxSizeMb?: number;
              multiple?: boolean;
              conditions?:
                | (
                    | {
                        all: (
                          | {
                              /** Format: uuid */
                              fieldId: string;
                              /** @enum {string} */
                              op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                              value?: string | number | boolean;
                            }
                          | (
                              | {
                                  all: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                              | {
                                  any: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                            )
                        )[];
                      }
                    | {
                        any: (
                          | {
                              /** Format: uuid */
                              fieldId: string;
                              /** @enum {string} */
                              op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                              value?: string | number | boolean;
                            }
                          | (
                              | {
                                  all: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                              | {
                                  any: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                            )
                        )[];
                      }
                  )
                | null;
              seat?: number;
              roleName: string;
              /** @description The template's PDF document it stands on (`documents[].id`); the first PDF document when left out */
              documentId?: string;
            }
          | {
              fields: {
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name?: string;
                required?: boolean;
                label?: string;
                maxLength?: number;
                fontSize?: number;
                defaultValue?: string;
                options?: string[];
                group?: string;
                option?: string;
                min?: number;
                max?: number;
                decimals?: number;
                formula?: string;
                accept?: ("PDF" | "PNG" | "JPEG")[];
                maxSizeMb?: number;
                multiple?: boolean;
                conditions?:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                seat?: number;
                roleName: string;
                /** @description The template's PDF document it stands on (`documents[].id`); the first PDF document when left out */
                documentId?: string;
              }[];
            };
      };
    };
    responses: {
      /** @description Fields stored on the template */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                roleId: string;
                roleName: string;
                signerRef: string;
                /**
                 * Format: uuid
                 * @description The template's PDF document it stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteTemplateField: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        fieldId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @constant */
              deleted: true;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateTemplateField: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        fieldId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @enum {string} */
          type?:
            | "SIGNATURE"
            | "INITIAL"
            | "DATE"
            | "TEXT"
            | "CHECKBOX"
            | "RADIO"
            | "DROPDOWN"
            | "NUMBER"
            | "NAME"
            | "EMAIL"
            | "FORMULA"
            | "FILE";
          page?: number;
          x?: number;
          y?: number;
          width?: number;
          height?: number;
          name?: string;
          required?: boolean;
          label?: string;
          maxLength?: number;
          fontSize?: number;
          defaultValue?: string;
          options?: string[];
          group?: string;
          option?: string;
          min?: number;
          max?: number;
          decimals?: number;
          formula?: string;
          accept?: ("PDF" | "PNG" | "JPEG")[];
          maxSizeMb?: number;
          multiple?: boolean;
          conditions?:
            | (
                | {
                    all: (
                      | {
                          /** Format: uuid */
                          fieldId: string;
                          /** @enum {string} */
                          op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                          value?: string | number | boolean;
                        }
                      | (
                          | {
                              all: {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }[];
                            }
                          | {
                              any: {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }[];
                            }
                        )
                    )[];
                  }
                | {
                    any: (
                      | {
                          /** Format: uuid */
                          fieldId: string;
                          /** @enum {string} */
                          op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                          value?: string | number | boolean;
                        }
                      | (
                          | {
                              all: {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }[];
                            }
                          | {
                              any: {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }[];
                            }
                        )
                    )[];
                  }
              )
            | null;
          seat?: number;
          roleName?: string;
          /** @description The template's PDF document it stands on (`documents[].id`); the first PDF document when left out */
          documentId?: string;
        };
      };
    };
    responses: {
      /** @description The field as it now is */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              roleId: string;
              roleName: string;
              signerRef: string;
              /**
               * Format: uuid
               * @description The template's PDF document it stands on (`documents[].id`); `page` counts its pages
               */
              documentId: string;
              /** @enum {string} */
              type:
                | "SIGNATURE"
                | "INITIAL"
                | "DATE"
                | "TEXT"
                | "CHECKBOX"
                | "RADIO"
                | "DROPDOWN"
                | "NUMBER"
                | "NAME"
                | "EMAIL"
                | "FORMULA"
                | "FILE";
              page: number;
              x: number;
              y: number;
              width: number;
              height: number;
              name: string | null;
              required: boolean;
              label: string | null;
              maxLength: number | null;
              fontSize: number | null;
              defaultValue: string | null;
              /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
              options: string[] | null;
              /** @description RADIO: the group of the button (one choice per group) */
              group: string | null;
              /** @description RADIO: the option this button stands for */
              option: string | null;
              /** @description NUMBER: smallest value allowed */
              min: number | null;
              /** @description NUMBER: largest value allowed */
              max: number | null;
              /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
              decimals: number | null;
              /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
              formula: string | null;
              /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
              accept: ("PDF" | "PNG" | "JPEG")[] | null;
              /** @description FILE: largest file, in MB (null: 10) */
              maxSizeMb: number | null;
              /** @description FILE: whether it takes several files (up to 10); null: one */
              multiple: boolean | null;
              conditions:
                | (
                    | {
                        all: (
                          | {
                              /** Format: uuid */
                              fieldId: string;
                              /** @enum {string} */
                              op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                              value?: string | number | boolean;
                            }
                          | (
                              | {
                                  all: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                              | {
                                  any: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                            )
                        )[];
                      }
                    | {
                        any: (
                          | {
                              /** Format: uuid */
                              fieldId: string;
                              /** @enum {string} */
                              op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                              value?: string | number | boolean;
                            }
                          | (
                              | {
                                  all: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                              | {
                                  any: {
                                    /** Format: uuid */
                                    fieldId: string;
                                    /** @enum {string} */
                                    op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                    value?: string | number | boolean;
                                  }[];
                                }
                            )
                        )[];
                      }
                  )
                | null;
              /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
              seat: number;
              anchor: {
                [key: string]: unknown;
              } | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  templateAnchoredFields: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          fields: {
            anchorKey: string;
            /** @enum {string} */
            type:
              | "SIGNATURE"
              | "INITIAL"
              | "DATE"
              | "TEXT"
              | "CHECKBOX"
              | "RADIO"
              | "DROPDOWN"
              | "NUMBER"
              | "NAME"
              | "EMAIL"
              | "FORMULA"
              | "FILE";
            recipientId: string;
            /** @description The request's document to search (`documents[].id`); all of them when left out */
            documentId?: string;
            /** @default 0 */
            xOffset?: number;
            /** @default 0 */
            yOffset?: number;
            width: number;
            height: number;
            name?: string;
            occurrenceIndex?: number;
            required?: boolean;
            label?: string;
            maxLength?: number;
            fontSize?: number;
            defaultValue?: string;
            options?: string[];
            group?: string;
            option?: string;
            min?: number;
            max?: number;
            decimals?: number;
            formula?: string;
            accept?: ("PDF" | "PNG" | "JPEG")[];
            maxSizeMb?: number;
            multiple?: boolean;
            conditions?:
              | (
                  | {
                      all: (
                        | {
                            /** Format: uuid */
                            fieldId: string;
                            /** @enum {string} */
                            op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                            value?: string | number | boolean;
                          }
                        | (
                            | {
                                all: {
                                  /** Format: uuid */
                                  fieldId: string;
                                  /** @enum {string} */
                                  op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                  value?: string | number | boolean;
                                }[];
                              }
                            | {
                                any: {
                                  /** Format: uuid */
                                  fieldId: string;
                                  /** @enum {string} */
                                  op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                  value?: string | number | boolean;
                                }[];
                              }
                          )
                      )[];
                    }
                  | {
                      any: (
                        | {
                            /** Format: uuid */
                            fieldId: string;
                            /** @enum {string} */
                            op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                            value?: string | number | boolean;
                          }
                        | (
                            | {
                                all: {
                                  /** Format: uuid */
                                  fieldId: string;
                                  /** @enum {string} */
                                  op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                  value?: string | number | boolean;
                                }[];
                              }
                            | {
                                any: {
                                  /** Format: uuid */
                                  fieldId: string;
                                  /** @enum {string} */
                                  op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                  value?: string | number | boolean;
                                }[];
                              }
                          )
                      )[];
                    }
                )
              | null;
            seat?: number;
          }[];
        };
      };
    };
    responses: {
      /** @description Fields stored on the template */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                roleId: string;
                roleName: string;
                signerRef: string;
                /**
                 * Format: uuid
                 * @description The template's PDF document it stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
              skipped: {
                anchorKey: string;
                /**
                 * Format: uuid
                 * @description The request's document it was found in (`documents[].id`)
                 */
                documentId?: string;
                page: number;
                reason: string;
                /** @enum {string} */
                code?: "MALFORMED" | "LEGACY" | "OTHER_SIGNER" | "IMAGE" | "ALREADY_PLACED";
                signerRef?: string;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  useTemplate: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        templateId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          title: string;
          recipients: {
            /** Format: email */
            email: string;
            name: string;
            /** @enum {string} */
            role?: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
            order?: number;
            signingOrder?: number;
            authentication?: {
              /** @enum {string} */
              method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
              accessCode?: string;
            };
            /**
             * @description EMAIL (default): invitations and reminders are mailed. EMBEDDED: no mail; ask for a signing URL (POST …/signing-url) and frame it
             * @enum {string}
             */
            delivery?: "EMAIL" | "EMBEDDED" | "email" | "embedded";
            canDelegate?: boolean;
            group?: {
              name: string;
              required?: number;
            } | null;
            locale?: string | null;
            roleName?: string;
          }[];
          templateData?: {
            [key: string]: components["schemas"]["Schema_0ffe226144"];
          };
          /** @description The language: en, de, fr, es, it, pt, nl, pl; a BCP 47 tag is reduced to its language ("de-CH" → "de") */
          locale?: string;
          /** @description IANA time zone name */
          timezone?: string;
          /** @enum {string} */
          dateFormat?: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
          subject?: string | null;
          message?: string | null;
          replyTo?: string | null;
          /**
           * Format: date-time
           * @description When the request expires: in the future, at most 365 days ahead (checked again at send). Instead of expiryDays
           */
          expiresAt?: string;
          /** @description Days from sending to expiry (1–365) */
          expiryDays?: number;
          reminders?: {
            /** @description Days from a recipient's invitation to their first reminder */
            firstAfterDays: number;
            /** @description Days from one reminder to the next */
            everyDays: number;
            /** @description Reminders per recipient at most (0: none) */
            max: number;
          } | null;
        };
      };
    };
    responses: {
      /** @description The new draft */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              status: "DRAFT" | "IN_PROGRESS" | "COMPLETED" | "DECLINED" | "CANCELLED" | "EXPIRED";
              title: string;
              delivery_mode: string;
              /** @enum {string} */
              environment: "SANDBOX" | "PRODUCTION";
              /** @description The first document's current version (`documents[0]`) */
              document: {
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              };
              /** @description The request's documents in order, each with its current version */
              documents: {
                /** Format: uuid */
                id: string;
                /** @description Its name (the uploaded file's, unless renamed) */
                name: string;
                /** @description Its place among the request's documents: 1 for the first */
                order: number;
                version: number;
                /** @description SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read") */
                sha256: string;
                /** @description SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null) */
                uploadedSha256: string | null;
                size: number;
                pageCount: number;
                pages: {
                  width: number;
                  height: number;
                }[];
              }[];
              recipients: {
                /** Format: uuid */
                id: string;
                email: string;
                name: string;
                /** @enum {string} */
                role: "SIGNER" | "CC" | "APPROVER" | "VIEWER";
                order: number;
                signingOrder: number;
                /** @enum {string} */
                status: "PENDING" | "SENT" | "VIEWED" | "SIGNED" | "APPROVED" | "DECLINED" | "RELEASED";
                sentAt: string | null;
                lastMailedAt: string | null;
                viewedAt: string | null;
                signedAt: string | null;
                approvedAt: string | null;
                declinedAt: string | null;
                declineReason: string | null;
                authentication: {
                  /** @enum {string} */
                  method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE";
                };
                /** @enum {string} */
                delivery: "EMAIL" | "EMBEDDED";
                locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
                remindersSent: number;
                lastRemindedAt: string | null;
                canDelegate: boolean;
                delegatedFrom: {
                  name: string;
                  email: string;
                  reason: string;
                  at: string;
                } | null;
                group: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  required: number;
                  size: number;
                } | null;
                groupSeat: number | null;
              }[];
              fields: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                recipientId: string;
                /**
                 * Format: uuid
                 * @description The document the field stands on (`documents[].id`); `page` counts its pages
                 */
                documentId: string;
                /** @enum {string} */
                type:
                  | "SIGNATURE"
                  | "INITIAL"
                  | "DATE"
                  | "TEXT"
                  | "CHECKBOX"
                  | "RADIO"
                  | "DROPDOWN"
                  | "NUMBER"
                  | "NAME"
                  | "EMAIL"
                  | "FORMULA"
                  | "FILE";
                page: number;
                x: number;
                y: number;
                width: number;
                height: number;
                name: string | null;
                required: boolean;
                label: string | null;
                maxLength: number | null;
                fontSize: number | null;
                defaultValue: string | null;
                /** @description DROPDOWN: its choices. RADIO: every option of the button's group */
                options: string[] | null;
                /** @description RADIO: the group of the button (one choice per group) */
                group: string | null;
                /** @description RADIO: the option this button stands for */
                option: string | null;
                /** @description NUMBER: smallest value allowed */
                min: number | null;
                /** @description NUMBER: largest value allowed */
                max: number | null;
                /** @description NUMBER: most decimals allowed (null: up to 6). FORMULA: decimals of the result (null: 2) */
                decimals: number | null;
                /** @description FORMULA: how it is calculated from NUMBER and FORMULA fields (by name) and numbers: + - * / ( ), round, min, max, sum */
                formula: string | null;
                /** @description FILE: what it takes, judged by the bytes (null: PDF, PNG and JPEG) */
                accept: ("PDF" | "PNG" | "JPEG")[] | null;
                /** @description FILE: largest file, in MB (null: 10) */
                maxSizeMb: number | null;
                /** @description FILE: whether it takes several files (up to 10); null: one */
                multiple: boolean | null;
                conditions:
                  | (
                      | {
                          all: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                      | {
                          any: (
                            | {
                                /** Format: uuid */
                                fieldId: string;
                                /** @enum {string} */
                                op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                value?: string | number | boolean;
                              }
                            | (
                                | {
                                    all: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                                | {
                                    any: {
                                      /** Format: uuid */
                                      fieldId: string;
                                      /** @enum {string} */
                                      op: "filled" | "empty" | "equals" | "notEquals" | "contains" | "greaterThan" | "lessThan";
                                      value?: string | number | boolean;
                                    }[];
                                  }
                              )
                          )[];
                        }
                    )
                  | null;
                /** @description For a signing group that needs n signatures: which of its n places (1 … n) the field belongs to; the k-th member to sign fills place k. 1 otherwise */
                seat: number;
                anchor: {
                  [key: string]: unknown;
                } | null;
              }[];
              /** @description Files signers attached to FILE fields and kept in their signature: GET …/attachments/{attachmentId} */
              attachments: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                fieldId: string;
                /** Format: uuid */
                recipientId: string;
                name: string;
                type: string;
                size: number;
                sha256: string;
              }[];
              createdAt: string;
              updatedAt: string;
              sentAt: string | null;
              completedAt: string | null;
              cancelledAt: string | null;
              expiresAt: string | null;
              sealError: {
                code: string;
                message: string;
                failedAt: string;
              } | null;
              /** @enum {string} */
              source: "api" | "public_link";
              publicLinkId: string | null;
              locale: ("en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl") | null;
              timezone: string;
              /** @enum {string} */
              dateFormat: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
              sendSettings: {
                /** @description The mails' subject; null: Signet's own */
                subject: string | null;
                /** @description The sender's message (plain text); null: none */
                message: string | null;
                /** @description Reply-To; null: the staff member who sent it, else none */
                replyTo: string | null;
                /** @description Days from sending to expiry; null when expiresAt was given (or, on an older draft, the default at send) */
                expiryDays: number | null;
                /** @description The expiry asked for as a moment (ISO 8601, UTC); null when counted in days from sending */
                expiresAt: string | null;
                /** @description The automatic reminder schedule; null: none */
                reminders: {
                  firstAfterDays: number;
                  everyDays: number;
                  max: number;
                } | null;
              };
              awaitingApproval: boolean;
              approval: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                state: "PENDING" | "APPROVED" | "REJECTED";
                /** @enum {string} */
                via: "api" | "mcp";
                requestedAt: string;
                requestedByKey: string;
                decidedAt: string | null;
                decidedBy: string | null;
                reason: string | null;
              } | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  verifyDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "multipart/form-data": {
          /** Format: binary */
          file: Blob;
        };
      };
    };
    responses: {
      /** @description The verification (whatever the verdict) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** @enum {string} */
              verdict: "VALID" | "ALTERED" | "NOT_SEALED_BY_SERVICE";
              /** @description The verdict in words: “Valid — sealed by this service, unmodified since”, “Altered after sealing”, “Not sealed by this service” */
              summary: string;
              reasons: string[];
              file: {
                sha256: string;
                size: number;
              };
              signed: boolean;
              sealedByThisService: boolean;
              /** @description PAdES level of the seal */
              level: ("B-B" | "B-T" | "B-LT" | "B-LTA") | null;
              /** @description The seal's signature time-stamp (B-T and above) */
              timestamp: {
                /** @description The time-stamp's time (TSTInfo genTime, ISO 8601) */
                genTime: string;
                /** @description The subject of the certificate that signed the token (a name, not a credential: see `trusted`) */
                tsa: string | null;
                /** @description The token's signature verifies and it imprints what it stamps */
                verified: boolean;
                /** @description Verified, and the authority's certificate chains to a certificate this service trusts (TSA_CA_FILE, the sealing certificate, TRUST_BUNDLE_FILE) at the time-stamp's time, for time-stamping. Only a trusted time-stamp raises the level */
                trusted: boolean;
              } | null;
              signatures: {
                index: number;
                /** @enum {string} */
                kind: "signature" | "document-timestamp";
                subFilter: string | null;
                /** @description /M of the signature dictionary: the signer's claim, not a trusted time */
                claimedSigningTime: string | null;
                byteRange: number[];
                /** @description Starts at 0 and leaves out exactly this signature's /Contents */
                byteRangeValid: boolean;
                coversWholeFile: boolean;
                /** @description Bytes of the file after the signed range */
                bytesAfter: number;
                /** @description The digest of the covered bytes equals the CMS message digest (or time-stamp imprint) */
                digestMatches: boolean;
                /** @description The CMS signature verifies with the signer certificate inside it */
                signatureVerifies: boolean;
                /**
                 * @description The signature's own checks, as the EU DSS validator reports them: PASSED (its byte range, digest and signature value were checked and hold), FAILED (a check ran and failed: see `failed`), INDETERMINATE (it could not be checked: see `indeterminate`). Who signed, and whether they are trusted, is not part of it: see `signerTrusted`
                 * @enum {string}
                 */
                outcome: "PASSED" | "FAILED" | "INDETERMINATE";
                /** @description When the outcome is FAILED: the check that failed, and in words */
                failed: {
                  /** @enum {string} */
                  reason: "BYTE_RANGE_INVALID" | "FORMAT_FAILURE" | "HASH_FAILURE" | "SIG_CRYPTO_FAILURE";
                  detail: string;
                } | null;
                /** @description When the outcome is INDETERMINATE: why the signature could not be checked, and in words */
                indeterminate: {
                  /** @enum {string} */
                  reason: "UNSUPPORTED_ALGORITHM" | "UNSUPPORTED_FORMAT" | "PARSE_LIMIT" | "NO_SIGNING_CERTIFICATE_FOUND";
                  detail: string;
                } | null;
                /** @description What was appended after this signature that is not validation data (DSS) or a document time-stamp, judged as after a seal; after any signature but the seal, a later signature of the file is signing again, not a change (laterSignatures). Empty: nothing else. Null when its byte range gives no end. For a file not sealed by this service, this is how a change after signing is named */
                modificationsAfter: string[] | null;
                /** @description Indexes of the later signatures whose addition after this one was judged signing again (their field, widget, appearance and value, signed by them), not a modification. Always empty for the seal: a signature added after the seal is one of its modifications */
                laterSignatures: number[];
                signer: {
                  subject: string;
                  issuer: string;
                  sha256: string;
                  serialNumber: string;
                  notBefore: string;
                  notAfter: string;
                } | null;
                /** @description The signer certificate is this server's sealing certificate */
                isSealingCertificate: boolean;
                /** @description The signer's certificate chains to a certificate this service trusts (for a document time-stamp: its authority's) */
                signerTrusted: boolean;
                level: ("B-B" | "B-T" | "B-LT" | "B-LTA") | null;
                timestamp: {
                  /** @description The time-stamp's time (TSTInfo genTime, ISO 8601) */
                  genTime: string;
                  /** @description The subject of the certificate that signed the token (a name, not a credential: see `trusted`) */
                  tsa: string | null;
                  /** @description The token's signature verifies and it imprints what it stamps */
                  verified: boolean;
                  /** @description Verified, and the authority's certificate chains to a certificate this service trusts (TSA_CA_FILE, the sealing certificate, TRUST_BUNDLE_FILE) at the time-stamp's time, for time-stamping. Only a trusted time-stamp raises the level */
                  trusted: boolean;
                } | null;
                problems: string[];
              }[];
              dss: {
                certificates: number;
                ocsps: number;
                crls: number;
                includesSigner: boolean;
              } | null;
              /** @description What follows the seal that is not validation data (DSS) or a document time-stamp */
              modifications: string[];
              /** @description The files embedded in the PDF (for a Signet seal, what signers attached, under the seal) */
              attachments: {
                name: string;
                size: number;
                /** @description Of the embedded file's bytes */
                sha256: string;
                type: string | null;
                /** @description For a Signet seal: the field and who attached it */
                description: string | null;
              }[];
              /** @description Only when the file (or the revision its seal signed) is a sealed document stored by this server */
              document: {
                title: string;
                sandbox: boolean;
                completedAt: string | null;
                signers: {
                  name: string;
                  /** @description Masked: a***@example.com */
                  email: string;
                  signedAt: string | null;
                }[];
                /** @description This document's name in its request */
                name: string;
                /** @description Every document of the request, in order: this one and its siblings, each sealed as its own PDF */
                documents: {
                  order: number;
                  name: string;
                  /** @description The sealed file's SHA-256 (null when the request was sealed without it) */
                  sealedSha256: string | null;
                  /** @description True for the document this file is */
                  thisFile: boolean;
                }[];
              } | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createSigningUrl: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
        recipientId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** @description Open it in an iframe (or a window) within 5 minutes; it works once */
              url: string;
              expiresAt: string;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listPublicLinks: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The links */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              items: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                templateId: string;
                name: string;
                slug: string;
                url: string;
                qr: {
                  png: string;
                  svg: string;
                };
                /** @enum {string} */
                status: "ACTIVE" | "PAUSED" | "REVOKED";
                role: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  signerRef: string;
                };
                people: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  signerRef: string;
                  fixed: {
                    name: string;
                    email: string;
                  } | null;
                }[];
                /** @description Visitors must give a code (never returned) */
                accessCode: boolean;
                expiresAt: string | null;
                quota: {
                  total: number | null;
                  perDay: number | null;
                };
                oncePerEmail: boolean;
                confirmEmail: boolean;
                counts: {
                  visits: number;
                  started: number;
                  startedToday: number;
                  completed: number;
                };
                createdAt: string;
                updatedAt: string;
                revokedAt: string | null;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createPublicLink: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": {
          name?: string;
          role?: string;
          people?: {
            [key: string]: {
              name: string;
              /** Format: email */
              email: string;
            };
          };
          accessCode?: string | null;
          expiresAt?: string | null;
          quota?: {
            total?: number | null;
            perDay?: number | null;
          };
          oncePerEmail?: boolean;
          confirmEmail?: boolean;
        };
      };
    };
    responses: {
      /** @description The link */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              templateId: string;
              name: string;
              slug: string;
              url: string;
              qr: {
                png: string;
                svg: string;
              };
              /** @enum {string} */
              status: "ACTIVE" | "PAUSED" | "REVOKED";
              role: {
                /** Format: uuid */
                id: string;
                name: string;
                signerRef: string;
              };
              people: {
                /** Format: uuid */
                id: string;
                name: string;
                signerRef: string;
                fixed: {
                  name: string;
                  email: string;
                } | null;
              }[];
              /** @description Visitors must give a code (never returned) */
              accessCode: boolean;
              expiresAt: string | null;
              quota: {
                total: number | null;
                perDay: number | null;
              };
              oncePerEmail: boolean;
              confirmEmail: boolean;
              counts: {
                visits: number;
                started: number;
                startedToday: number;
                completed: number;
              };
              createdAt: string;
              updatedAt: string;
              revokedAt: string | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getPublicLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        linkId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The link */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              templateId: string;
              name: string;
              slug: string;
              url: string;
              qr: {
                png: string;
                svg: string;
              };
              /** @enum {string} */
              status: "ACTIVE" | "PAUSED" | "REVOKED";
              role: {
                /** Format: uuid */
                id: string;
                name: string;
                signerRef: string;
              };
              people: {
                /** Format: uuid */
                id: string;
                name: string;
                signerRef: string;
                fixed: {
                  name: string;
                  email: string;
                } | null;
              }[];
              /** @description Visitors must give a code (never returned) */
              accessCode: boolean;
              expiresAt: string | null;
              quota: {
                total: number | null;
                perDay: number | null;
              };
              oncePerEmail: boolean;
              confirmEmail: boolean;
              counts: {
                visits: number;
                started: number;
                startedToday: number;
                completed: number;
              };
              createdAt: string;
              updatedAt: string;
              revokedAt: string | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  revokePublicLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        linkId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The revoked link */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              templateId: string;
              name: string;
              slug: string;
              url: string;
              qr: {
                png: string;
                svg: string;
              };
              /** @enum {string} */
              status: "ACTIVE" | "PAUSED" | "REVOKED";
              role: {
                /** Format: uuid */
                id: string;
                name: string;
                signerRef: string;
              };
              people: {
                /** Format: uuid */
                id: string;
                name: string;
                signerRef: string;
                fixed: {
                  name: string;
                  email: string;
                } | null;
              }[];
              /** @description Visitors must give a code (never returned) */
              accessCode: boolean;
              expiresAt: string | null;
              quota: {
                total: number | null;
                perDay: number | null;
              };
              oncePerEmail: boolean;
              confirmEmail: boolean;
              counts: {
                visits: number;
                started: number;
                startedToday: number;
                completed: number;
              };
              createdAt: string;
              updatedAt: string;
              revokedAt: string | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updatePublicLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        linkId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          role?: string;
          people?: {
            [key: string]: {
              name: string;
              /** Format: email */
              email: string;
            };
          };
          accessCode?: string | null;
          expiresAt?: string | null;
          quota?: {
            total?: number | null;
            perDay?: number | null;
          };
          oncePerEmail?: boolean;
          confirmEmail?: boolean;
          /** @enum {string} */
          status?: "ACTIVE" | "PAUSED";
        };
      };
    };
    responses: {
      /** @description The link as it now is */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              templateId: string;
              name: string;
              slug: string;
              url: string;
              qr: {
                png: string;
                svg: string;
              };
              /** @enum {string} */
              status: "ACTIVE" | "PAUSED" | "REVOKED";
              role: {
                /** Format: uuid */
                id: string;
                name: string;
                signerRef: string;
              };
              people: {
                /** Format: uuid */
                id: string;
                name: string;
                signerRef: string;
                fixed: {
                  name: string;
                  email: string;
                } | null;
              }[];
              /** @description Visitors must give a code (never returned) */
              accessCode: boolean;
              expiresAt: string | null;
              quota: {
                total: number | null;
                perDay: number | null;
              };
              oncePerEmail: boolean;
              confirmEmail: boolean;
              counts: {
                visits: number;
                started: number;
                startedToday: number;
                completed: number;
              };
              createdAt: string;
              updatedAt: string;
              revokedAt: string | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  publicLinkQr: {
    parameters: {
      query?: {
        format?: "png" | "svg";
      };
      header?: never;
      path: {
        id: string;
        linkId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The QR code of the link's url */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "image/png": Blob;
          "image/svg+xml": Blob;
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  viewPublicLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The link */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              name: string;
              title: string;
              organization: string | null;
              sandbox: boolean;
              role: string;
              others: {
                ref: string;
                name: string;
              }[];
              accessCode: boolean;
              confirmEmail: boolean;
              brand: {
                name: string;
                accent: string | null;
                logoUrl: string | null;
                footer: string | null;
                supportEmail: string | null;
              } | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  startVisit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** Format: email */
          email: string;
          people?: {
            [key: string]: {
              name: string;
              /** Format: email */
              email: string;
            };
          };
          accessCode?: string;
          /** @enum {string} */
          locale?: "en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "pl";
        };
      };
    };
    responses: {
      /** @description Started */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              visitId: string;
              /** @enum {string} */
              status: "CONFIRMING" | "STARTED";
              signingUrl: string | null;
            };
          };
        };
      };
      /** @description A code was mailed to the visitor */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              visitId: string;
              /** @enum {string} */
              status: "CONFIRMING" | "STARTED";
              signingUrl: string | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  confirmVisit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
        visitId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          code: string;
        };
      };
    };
    responses: {
      /** @description Started */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              visitId: string;
              /** @enum {string} */
              status: "CONFIRMING" | "STARTED";
              signingUrl: string | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Gone */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  bulkSend: {
    parameters: {
      query?: {
        dryRun?: "0" | "1" | "true" | "false";
      };
      header?: {
        /** @description Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "multipart/form-data": {
          /** Format: binary */
          file: Blob;
        };
      };
    };
    responses: {
      /** @description Dry run: the parsed rows and their errors; nothing was created */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** @constant */
              dryRun: true;
              total: number;
              valid: number;
              invalid: number;
              columns: {
                required: string[];
                optional: string[];
              };
              preview: {
                row: number;
                data: {
                  [key: string]: string;
                };
                valid: boolean;
              }[];
              errors: {
                row: number;
                errors: {
                  field: string;
                  message: string;
                }[];
              }[];
            };
          };
        };
      };
      /** @description Accepted: the bulk send is queued (200 with the preview for a dry run) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              templateId: string;
              /** @enum {string} */
              status: "QUEUED" | "RUNNING" | "DONE";
              total: number;
              created: number;
              sent: number;
              failed: number;
              pending: number;
              createdBy: string | null;
              createdAt: string;
              finishedAt: string | null;
              errors: {
                row: number;
                errors: {
                  field: string;
                  message: string;
                }[];
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable Entity */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listBulkSends: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        templateId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of bulk sends */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              items: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                templateId: string;
                /** @enum {string} */
                status: "QUEUED" | "RUNNING" | "DONE";
                total: number;
                created: number;
                sent: number;
                failed: number;
                pending: number;
                createdBy: string | null;
                createdAt: string;
                finishedAt: string | null;
              }[];
              nextCursor: string | null;
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getBulkSend: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The bulk send */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              templateId: string;
              /** @enum {string} */
              status: "QUEUED" | "RUNNING" | "DONE";
              total: number;
              created: number;
              sent: number;
              failed: number;
              pending: number;
              createdBy: string | null;
              createdAt: string;
              finishedAt: string | null;
              rows: {
                row: number;
                /** @enum {string} */
                status: "PENDING" | "SENT" | "FAILED";
                requestId: string | null;
                error: string | null;
                data: {
                  [key: string]: string;
                };
                updatedAt: string | null;
              }[];
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not Found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getSendingDefaults: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The defaults */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** @description Days from sending to expiry a new draft takes; null: the server's (serverExpiryDays) */
              expiryDays: number | null;
              /** @description The reminder schedule a new draft takes; null: none */
              reminders: {
                firstAfterDays: number;
                everyDays: number;
                max: number;
              } | null;
              /** @description The server's default (EXPIRY_DAYS), what expiryDays null means */
              serverExpiryDays: number;
              /** @description The IANA time zone a new draft takes (DATE fields, the deadline, the certificate) */
              timezone: string;
              /**
               * @description How DATE fields are written on a new draft
               * @enum {string}
               */
              dateFormat: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
            };
          };
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateSendingDefaults: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          expiryDays?: number | null;
          reminders?: {
            /** @description Days from a recipient's invitation to their first reminder */
            firstAfterDays: number;
            /** @description Days from one reminder to the next */
            everyDays: number;
            /** @description Reminders per recipient at most (0: none) */
            max: number;
          } | null;
          /** @description IANA time zone name */
          timezone?: string;
          /** @enum {string} */
          dateFormat?: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
        };
      };
    };
    responses: {
      /** @description The defaults as changed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: number;
            statusText: string;
            message: string;
            data: {
              /** @description Days from sending to expiry a new draft takes; null: the server's (serverExpiryDays) */
              expiryDays: number | null;
              /** @description The reminder schedule a new draft takes; null: none */
              reminders: {
                firstAfterDays: number;
                everyDays: number;
                max: number;
              } | null;
              /** @description The server's default (EXPIRY_DAYS), what expiryDays null means */
              serverExpiryDays: number;
              /** @description The IANA time zone a new draft takes (DATE fields, the deadline, the certificate) */
              timezone: string;
              /**
               * @description How DATE fields are written on a new draft
               * @enum {string}
               */
              dateFormat: "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY" | "D MMMM YYYY";
            };
          };
        };
      };
      /** @description Bad Request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Payload Too Large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unsupported Media Type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too Many Requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Internal Server Error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Service Unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Insufficient Storage */
      507: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
}
