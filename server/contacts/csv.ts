/**
 * CSV reading and writing (RFC 4180): quoted fields with "" escapes and line breaks inside,
 * CRLF or LF line ends, a UTF-8 byte order mark, and ',' or ';' (or tab) as the delimiter, or the
 * one Excel names on a first `sep=X` line. Files arrive as bytes and are decoded by `decodeCsvBytes`.
 */

export class CsvError extends Error {
  override name = 'CsvError';
}

export type ParsedCsv = {
  /** Detected from the header line, or named by a `sep=X` first line. */
  delimiter: string;
  /** Column names, trimmed; a blank one is "Column N", a repeated one gets " (2)", " (3)", … */
  headers: string[];
  /** Data records in file order (blank lines skipped). */
  rows: string[][];
};

const BOM = '\uFEFF';

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * The text of an uploaded file, whatever Excel or another program saved it as: a byte order mark
 * names UTF-8, UTF-16LE or UTF-16BE; without one, UTF-16 is recognized by its NUL bytes (text that
 * is mostly ASCII has a zero in every other byte: odd positions for LE, even for BE); otherwise the
 * bytes are read as strict UTF-8, and a file that is not valid UTF-8 as Windows-1252 (Excel's
 * "CSV" on Western-European Windows), in which every byte is a character.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const decode = (encoding: CsvEncoding, from = 0) => ({ text: new TextDecoder(encoding).decode(bytes.subarray(from)), encoding });
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode('utf-8', 3);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le', 2);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be', 2);
  const nul = utf16ByNulPattern(bytes);
  if (nul) return decode(nul);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/** Windows-1252's characters for the bytes 0x80–0x9F (the five it leaves undefined stay C1 controls, as in browsers). */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Windows-1252 by table: Node's TextDecoder('windows-1252') reads 0x80–0x9F as Latin-1 controls
 * (no €, no curly quotes), unlike the Encoding Standard that browsers follow.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const codes = Array.from(bytes.subarray(i, i + 8192), (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b));
    text += String.fromCharCode(...codes);
  }
  return text;
}

/** UTF-16 without a byte order mark: in the first 4 KB, NULs in at least a third of the odd (LE) or even (BE) bytes and almost none in the others. */
function utf16ByNulPattern(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const length = Math.min(bytes.length, 4096) & ~1;
  if (length < 2) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const pairs = length / 2;
  if (odd >= pairs / 3 && even <= pairs / 20) return 'utf-16le';
  if (even >= pairs / 3 && odd <= pairs / 20) return 'utf-16be';
  return null;
}

/** Excel's delimiter line (`sep=;`, sometimes quoted): the delimiter it names, and the text after it. */
function sepLine(text: string): { delimiter: string; rest: string } | null {
  const match = /^"?sep=([^\r\n"])"?[^\S\r\n]*(\r\n|\n|\r|$)/i.exec(text);
  return match ? { delimiter: match[1]!, rest: text.slice(match[0].length) } : null;
}

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
  let text = input.startsWith(BOM) ? input.slice(1) : input;
  const sep = sepLine(text);
  if (sep) text = sep.rest;
  if (text.trim() === '') throw new CsvError('the file is empty');
  const delimiter = sep?.delimiter ?? detectDelimiter(text);
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
 * Whether a cell would start a formula in a spreadsheet and is written with a leading single quote.
 * `=`, `@`, tab and carriage return always start one. A `+` or `-` starts one too, except when all
 * that follows the sign is digits with at most one decimal point: that is what a spreadsheet reads
 * as a number (`+15551234567`, an E.164 phone; `-42`; `-3.5`), which cannot call a function, reach
 * another cell or run a command — at worst a phone shows without its `+`. Any other character after
 * the sign (an operator, a letter, a bracket, `|`, `!`, a space) could make an expression, such as
 * `-2+3`, `+cmd|' /C calc'!A0` or `-SUM(...)`, so those are guarded.
 */
export function startsFormula(text: string): boolean {
  if (/^[=@\t\r]/.test(text)) return true;
  if (/^[+-]/.test(text)) return !/^[+-]\d+(\.\d+)?$/.test(text);
  return false;
}

/**
 * One CSV cell. A value that a spreadsheet would run as a formula (`startsFormula`) is prefixed
 * with a single quote; a value with the delimiter, a quote or a line break is quoted, quotes doubled.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (startsFormula(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The byte order mark that makes spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = BOM;
