/**
 * CSV reading and writing (RFC 4180): quoted fields with "" escapes and line breaks inside,
 * CRLF or LF line ends, a UTF-8 byte order mark, and ',' or ';' (or tab) as the delimiter.
 */

export class CsvError extends Error {
  override name = 'CsvError';
}

export type ParsedCsv = {
  delimiter: ',' | ';' | '\t';
  /** Column names, trimmed; a blank one is "Column N", a repeated one gets " (2)", " (3)", … */
  headers: string[];
  /** Data records in file order (blank lines skipped). */
  rows: string[][];
};

const BOM = '\uFEFF';

/** The delimiter used most in the header line, outside quotes. */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

/** Splits CSV text into records of fields; throws CsvError on a quote that never closes. */
export function parseRecords(input: string, delimiter: string): string[][] {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let line = 1;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    // A blank line is no record.
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' && field === '') {
      // A quoted field: runs to the next lone quote.
      const startLine = line;
      i++;
      let closed = false;
      while (i < text.length) {
        const c = text[i]!;
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          closed = true;
          i++;
          break;
        }
        if (c === '\n') line++;
        field += c;
        i++;
      }
      if (!closed) throw new CsvError(`a quoted value starting on line ${startLine} is never closed (unbalanced quotes)`);
      // Text after the closing quote (lenient, like spreadsheets): kept as part of the value.
      while (i < text.length && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
      continue;
    }
    if (ch === delimiter) {
      endField();
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
    } else {
      field += ch;
      i++;
    }
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/** Parses a CSV file with a header row; refuses what cannot be imported with a message naming the problem. */
export function parseCsv(input: string): ParsedCsv {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  if (text.trim() === '') throw new CsvError('the file is empty');
  const delimiter = detectDelimiter(text);
  const records = parseRecords(text, delimiter);
  const [header, ...rows] = records;
  if (!header || header.every((h) => h.trim() === '')) throw new CsvError('the first row must be a header row naming the columns');
  const looksLikeData = header.find((h) => isDataLike(h.trim()));
  if (looksLikeData !== undefined) {
    throw new CsvError(`the first row must be a header row naming the columns; it looks like data ("${looksLikeData.trim().slice(0, 60)}")`);
  }
  if (rows.length === 0) throw new CsvError('the file has a header row but no data rows');
  return { delimiter, headers: uniqueHeaders(header), rows };
}

/** A value no column would be named: an e-mail address, a phone or plain number, a date. */
function isDataLike(value: string): boolean {
  if (value === '') return false;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return true;
  if (/^[+(]?\d[\d\s().-]{5,}$/.test(value)) return true;
  if (/^-?\d+([.,]\d+)?$/.test(value)) return true;
  return /^\d{4}-\d{2}-\d{2}/.test(value);
}

function uniqueHeaders(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((raw, index) => {
    const name = raw.trim() || `Column ${index + 1}`;
    const key = name.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

/** A cell as written in an import: a leading quote put there by a formula-safe export is removed. */
export function importCell(value: string): string {
  const trimmed = value.trim();
  return /^'[=+\-@\t\r]/.test(trimmed) ? trimmed.slice(1) : trimmed;
}

/**
 * One CSV cell. A value that a spreadsheet would run as a formula (starting with = + - @, tab or
 * carriage return) is prefixed with a single quote; a value with the delimiter, a quote or a line
 * break is quoted, quotes doubled.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The byte order mark that makes spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = BOM;
