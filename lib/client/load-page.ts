/**
 * Loads a page of this site afresh (a full page load, not a client-side navigation). Used on purpose
 * where the signed-in session ends (signing out, a 401): nothing of the signed-in app (the react-query
 * cache, the router's cache of visited pages) may stay in memory after it.
 */
export function loadPage(path: string): void {
  window.location.assign(new URL(path, window.location.origin).href);
}
