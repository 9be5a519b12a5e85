/**
 * A small RFC 4180 reader: fields separated by commas, records by CRLF (or LF, or CR), fields in
 * double quotes may hold commas, line breaks and doubled quotes (""); a UTF-8 byte-order mark is
 * dropped. No npm CSV parser is installed (csv-parse, papaparse) and none may be added, so this is
 * ours (docs/architecture.md). Pure: no server-only, tested on its own.
 */
export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = "CsvError";
  }
}

export interface CsvRecord {
  /** The physical line the record starts on, 1-based (the header is line 1). */
  line: number;
  cells: string[];
}

/** Every record of `text`, the header included. Throws CsvError for a stray or unclosed quote. */
export function parseCsv(text: string, opts: { maxRecords?: number } = {}): CsvRecord[] {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const out: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let start = 1;
  let quoted = false; // inside a quoted field
  let wasQuoted = false; // the current field was quoted (only a separator or a line end may follow)
  let any = false; // the current record has begun
  const endCell = () => {
    cells.push(cell);
    cell = "";
    wasQuoted = false;
  };
  const endRecord = () => {
    endCell();
    out.push({ line: start, cells });
    if (opts.maxRecords !== undefined && out.length > opts.maxRecords) throw new TooManyRecords(out.length);
    cells = [];
    any = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          wasQuoted = true;
        }
      } else {
        if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) line++;
        cell += c;
      }
      continue;
    }
    if (c === ",") {
      if (!any) start = line;
      any = true;
      endCell();
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      if (any) endRecord();
      line++;
    } else if (c === '"') {
      if (wasQuoted || cell !== "")
        throw new CsvError(
          `Line ${line}: a quote inside an unquoted field (write the field in quotes and double the quote: "")`,
          line,
        );
      if (!any) start = line;
      any = true;
      quoted = true;
    } else {
      if (wasQuoted)
        throw new CsvError(`Line ${line}: text after a closing quote (a quote inside a quoted field is written "")`, line);
      if (!any) start = line;
      any = true;
      cell += c;
    }
  }
  if (quoted) throw new CsvError(`Line ${start}: a quoted field is never closed`, start);
  if (any) endRecord();
  return out;
}

/** Thrown as soon as a file holds more records than asked for, so a huge file is not read to its end. */
export class TooManyRecords extends Error {
  constructor(readonly count: number) {
    super(`More than ${count - 1} records`);
    this.name = "TooManyRecords";
  }
}
