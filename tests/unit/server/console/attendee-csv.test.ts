import { describe, expect, it } from 'vitest';
import { fieldOfHeading, readAttendeeCsv, separatorOf } from '~/server/console/attendee-csv';

describe('reading an attendee CSV', () => {
  it('finds columns by the event file\'s names and the export\'s English and Norwegian headings, in any order', () => {
    expect(['firstName', 'First name', 'Name', 'Fornavn', 'E-post', 'e_mail', 'Email', 'Job title', 'Stilling', 'ticketCode', 'Telefon', 'Scanned in at'].map(fieldOfHeading))
      .toEqual(['firstName', 'firstName', 'firstName', 'firstName', 'email', 'email', 'email', 'jobTitle', 'jobTitle', 'ticketCode', 'phone', null]);
    const read = readAttendeeCsv('ticketCode,email,lastName,firstName\r\nABC-1,Kari@Example.ORG,Nordmann,Kari\r\n');
    expect(read.errors).toEqual([]);
    expect(read.rows).toEqual([{ row: 2, ticketCode: 'ABC-1', email: 'kari@example.org', lastName: 'Nordmann', firstName: 'Kari' }]);
  });

  it('reads `;` files (Norwegian spreadsheets), a byte-order mark, and quoted cells holding separators, quotes and line breaks', () => {
    expect(separatorOf('"a;b",c,d')).toBe(',');
    expect(separatorOf('a;b;"c,d,e"')).toBe(';');
    const read = readAttendeeCsv('\uFEFFfornavn;etternavn;e-post;firma\n"Ola";"Nord ""Mann""";ola@example.org;"Linje 1\nLinje 2; AS"\n');
    expect(read.separator).toBe(';');
    expect(read.columns.map((c) => c.field)).toEqual(['firstName', 'lastName', 'email', 'company']);
    expect(read.rows[0]).toMatchObject({ lastName: 'Nord "Mann"', company: 'Linje 1\nLinje 2; AS' });
  });

  it('names every bad row and field with the spreadsheet\'s row number, and skips empty lines', () => {
    const read = readAttendeeCsv('email,firstName,lastName,phone\na@example.org,A,A,\n\nnot-mail,B,B,\nc@example.org,,C,phone?\nA@example.org,D,D,\n,,,\n');
    expect(read.rows.map((r) => r.row)).toEqual([2]);
    expect(read.errors).toEqual([
      { row: 4, field: 'email', message: 'must be an e-mail address' },
      { row: 5, field: 'firstName', message: 'is required' },
      { row: 5, field: 'phone', message: 'must be digits, spaces, +, - or brackets' },
      { row: 6, field: 'email', message: 'the same e-mail address as row 2' },
    ]);
  });

  it('refuses a file without the required columns, with a field twice, or with a quote left open', () => {
    expect(readAttendeeCsv('email,company\nx@example.org,X\n').errors.map((e) => [e.row, e.field])).toEqual([[1, 'firstName'], [1, 'lastName']]);
    expect(readAttendeeCsv('email,e-post,firstName,lastName\n').errors).toContainEqual({ row: 1, field: 'email', message: 'two columns fill this field: keep one' });
    expect(readAttendeeCsv('email,firstName,lastName\n"x@example.org,A,B\n').errors[0]).toMatchObject({ field: 'file' });
  });

  it('leaves a column the file lacks undefined, so a re-import keeps that field as stored', () => {
    const [row] = readAttendeeCsv('email,firstName,lastName\nx@example.org,X,Y\n').rows;
    expect(row).toEqual({ row: 2, email: 'x@example.org', firstName: 'X', lastName: 'Y' });
    expect('company' in row!).toBe(false);
  });
});
