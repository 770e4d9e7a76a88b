import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, detectDelimiter, importCell, parseCsv, parseRecords } from '../../server/contacts/csv';

describe('contacts CSV reading and writing', () => {
  it('reads RFC 4180: quotes, doubled quotes, line breaks inside values, CRLF or LF, blank lines', () => {
    expect(parseRecords('a,b\r\n"x, y","say ""hi"""\r\n\r\n"multi\r\nline",z\nlast,row', ',')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['multi\r\nline', 'z'],
      ['last', 'row'],
    ]);
    expect(parseRecords('a,,\n,,c\n', ',')).toEqual([
      ['a', '', ''],
      ['', '', 'c'],
    ]);
    expect(() => parseRecords('a,b\n"open,x\ny,z', ',')).toThrow('a quoted value starting on line 2 is never closed (unbalanced quotes)');
  });

  it('detects , ; or tab from the header line, outside quotes, and drops a byte order mark', () => {
    expect(detectDelimiter('a;b;c\n1,2;3')).toBe(';');
    expect(detectDelimiter('"a;b",c\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    const parsed = parseCsv('\uFEFFName;Email;Name;\nAda;ada@example.com;x;y\n');
    expect(parsed).toEqual({ delimiter: ';', headers: ['Name', 'Email', 'Name (2)', 'Column 4'], rows: [['Ada', 'ada@example.com', 'x', 'y']] });
  });

  it('writes cells quoted when needed and neutralizes formulas; the import takes the guard off', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', null, 42, ' padded'])).toBe('plain,"a,b","say ""hi""","two\nlines",,42," padded"\r\n');
    for (const risky of ['=1+1', '+1+1', '-1-1', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(risky).replace(/^"|"$/g, '').startsWith(`'`)).toBe(true);
    // A sign followed by digits only is a number or an E.164 phone, written as it is.
    for (const number of ['+1', '-1', '+14155552671', '-3.5']) expect(csvCell(number)).toBe(number);
    expect(importCell(" '=1+1 ")).toBe('=1+1');
    expect(importCell("'+14155552671")).toBe('+14155552671');
    expect(importCell("'quoted on purpose")).toBe("'quoted on purpose");
  });
});
