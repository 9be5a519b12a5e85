/** A time-stamp authority's answer that cannot be used. Its own module: the seal job's failure path imports it without the ASN.1 code. */
export class TimestampError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TimestampError";
  }
}
