import { unwrap, type Answer } from "./errors.js";

/** A page of a list: its items and the cursor of the next page (null on the last). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Every item of a cursor-paged list, page after page, as `fetchPage` reads them (it is given the cursor, none
 * for the first page). A page the API refuses throws `SignetApiError`.
 *
 *   for await (const r of paginate((cursor) => signet.GET("/api/v1/enterprise/signature-requests", {
 *     params: { query: { cursor, limit: 100 } } }))) console.log(r.id);
 */
export async function* paginate<T>(fetchPage: (cursor: string | undefined) => Promise<Answer<Page<T>>>): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = unwrap(await fetchPage(cursor));
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
