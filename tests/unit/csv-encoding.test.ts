import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, decodeCsvBytes, importCell, parseCsv, startsFormula } from '../../server/contacts/csv';

const TEXT = 'Prénom;Nom;Société\r\nZoé;Lefèvre;Crème & Brûlée € “quoted” – œ\r\n';

function utf16(text: string, order: 'le' | 'be', bom: boolean): Uint8Array {
  const bytes: number[] = bom ? (order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (order === 'le') bytes.push(unit & 0xff, unit >> 8);
    else bytes.push(unit >> 8, unit & 0xff);
  }
  return new Uint8Array(bytes);
}

/** Windows-1252 bytes of the characters this test uses. */
function cp1252(text: string): Uint8Array {
  const extra: Record<string, number> = { '€': 0x80, '“': 0x93, '”': 0x94, '–': 0x96, œ: 0x9c };
  return new Uint8Array([...text].map((ch) => extra[ch] ?? ch.charCodeAt(0)));
}

describe('decodeCsvBytes', () => {
  it('follows a byte order mark: UTF-8, UTF-16LE, UTF-16BE (the mark is dropped)', () => {
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(TEXT)]))).toEqual({ text: TEXT, encoding: 'utf-8' });
    expect(decodeCsvBytes(utf16(TEXT, 'le', true))).toEqual({ text: TEXT, encoding: 'utf-16le' });
    expect(decodeCsvBytes(utf16(TEXT, 'be', true))).toEqual({ text: TEXT, encoding: 'utf-16be' });
  });

  it('recognizes UTF-16 without a byte order mark by its NUL bytes', () => {
    expect(decodeCsvBytes(utf16(TEXT, 'le', false))).toEqual({ text: TEXT, encoding: 'utf-16le' });
    expect(decodeCsvBytes(utf16(TEXT, 'be', false))).toEqual({ text: TEXT, encoding: 'utf-16be' });
  });

  it('reads valid UTF-8 as UTF-8, and anything else as Windows-1252', () => {
    expect(decodeCsvBytes(new TextEncoder().encode(TEXT))).toEqual({ text: TEXT, encoding: 'utf-8' });
    expect(decodeCsvBytes(cp1252(TEXT))).toEqual({ text: TEXT, encoding: 'windows-1252' });
    // Plain ASCII is the same in both: read as UTF-8.
    expect(decodeCsvBytes(new TextEncoder().encode('a,b\r\n1,2\r\n')).encoding).toBe('utf-8');
  });

  it('round-trips any text saved as UTF-8 or UTF-16 with a mark', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 50 }), (text) => {
        expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)])).text).toBe(text);
        expect(decodeCsvBytes(utf16(text, 'le', true)).text).toBe(text);
      }),
    );
  });
});

describe("Excel's sep= line", () => {
  it('names the delimiter and is not the header', () => {
    const parsed = parseCsv('sep=;\r\nName;Email, work\r\nAda;ada@example.com\r\n');
    expect(parsed).toEqual({ delimiter: ';', headers: ['Name', 'Email, work'], rows: [['Ada', 'ada@example.com']] });
    expect(parseCsv('\uFEFF"sep=|"\nName|Email\nAda|a@b.co\n')).toMatchObject({ delimiter: '|', headers: ['Name', 'Email'] });
    // Without it, the delimiter is still detected from the header.
    expect(parseCsv('Name;Email\nAda;a@b.co\n').delimiter).toBe(';');
  });
});

describe('the formula guard of exported cells', () => {
  it('guards what starts a formula and leaves numbers and E.164 phones as data', () => {
    for (const formula of ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1)', '\t=1', '\r=1', '+1 (415) 555-2671', '-', '+', '-SUM(A1)', '+1e5', '-1,5']) {
      expect(startsFormula(formula), formula).toBe(true);
      expect(csvCell(formula).replace(/^"/, '').startsWith("'"), formula).toBe(true);
      // The import takes the guard off.
      expect(importCell(csvCell(formula).replace(/^"|"$/g, '').replace(/""/g, '"')), formula).toBe(formula);
    }
    for (const data of ['+15551234567', '+447911123456', '-42', '42', '-3.5', '+0.5', 'Ada', 'a-b', '1+1']) {
      expect(startsFormula(data), data).toBe(false);
      expect(csvCell(data), data).toBe(data);
    }
  });

  it('never leaves a cell starting with = @ tab or CR unguarded, nor a signed value that is not a plain number', () => {
    fc.assert(
      fc.property(fc.constantFrom('=', '@', '\t', '\r', '+', '-'), fc.string(), (first, rest) => {
        const value = first + rest;
        const plainNumber = /^[+-]\d+(\.\d+)?$/.test(value);
        expect(csvCell(value).replace(/^"/, '').startsWith("'")).toBe(!plainNumber);
      }),
    );
  });
});
