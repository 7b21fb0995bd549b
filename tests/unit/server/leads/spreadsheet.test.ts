import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { personalise } from '~/server/content/personalise';
import { escapeFormula, toCsv, toXlsx } from '~/server/leads/spreadsheet';

describe('exports', () => {
  it('escapes cells that a spreadsheet would run as formulas', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', 'plain'].map(escapeFormula)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", 'plain']);
  });

  it('writes RFC 4180 CSV with a BOM', () => {
    expect(toCsv([['a', 'b,c'], ['say "hi"', '=x']])).toBe('\uFEFFa,"b,c"\r\n"say ""hi""",\'=x\r\n');
  });

  it('writes an XLSX zip whose sheet holds the escaped cells', () => {
    const file = toXlsx([['Name'], ['=cmd|x'], ['<b>&']], 'Leads');
    expect(file.subarray(0, 4).toString('hex')).toBe('504b0304');
    const marker = Buffer.from('xl/worksheets/sheet1.xml');
    const at = file.indexOf(marker);
    const size = file.readUInt32LE(at - 30 + 18);
    const sheet = inflateRawSync(file.subarray(at + marker.length, at + marker.length + size)).toString('utf8');
    expect(sheet).toContain("<t xml:space=\"preserve\">'=cmd|x</t>");
    expect(sheet).toContain('&lt;b&gt;&amp;');
  });
});

describe('info page personalisation', () => {
  it('fills placeholders with escaped values and drops unknown ones', () => {
    expect(personalise('<p>Hi {{Firstname}} {{ Missing }}</p>', { Firstname: '<i>Ann</i>' })).toBe('<p>Hi &lt;i&gt;Ann&lt;/i&gt; </p>');
  });
});
