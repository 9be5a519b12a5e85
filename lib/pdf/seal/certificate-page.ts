/** The certificate of completion's page, A4 in points: its own module, read by the server without the PDF library. */
export const CERTIFICATE_PAGE_SIZE = { width: 595.28, height: 841.89 };
