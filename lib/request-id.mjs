// A request's id (X-Request-Id): the one a client or proxy sent when it is well formed (8–100 of
// A–Z a–z 0–9 . _ : -, nothing a log line or a header could be bent with), else a new UUID. The server
// script sets it on every request; the API's route wrapper reads it (a call in process gets a new one).
import crypto from "node:crypto";

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** @param {string | string[] | null | undefined} sent @returns {string} */
export function requestIdOf(sent) {
  return typeof sent === "string" && REQUEST_ID.test(sent) ? sent : crypto.randomUUID();
}
