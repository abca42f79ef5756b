import { stringify } from 'csv-stringify/sync';

/**
 * A line start (of the cell, or after a CR or LF inside it) followed by a character a
 * spreadsheet reads as the start of a formula: =, +, -, @, tab or CR.
 */
const FORMULA_START = /(?<=^|[\r\n])(?=[=+\-@\t\r])/g;
const LINE_BREAK = /[\r\n]/;

/**
 * A text cell made safe for a spreadsheet: a leading ' before every line that would start a
 * formula. Every line, not only the cell's first: a program that splits rows on a bare line
 * break would otherwise read the next line of a note as a cell of its own.
 */
function defuseFormulas(cell: string): string {
  return cell.replace(FORMULA_START, "'");
}

/**
 * A CSV file (D33) by a standard writer: RFC 4180 quoting, a byte order mark so spreadsheet
 * programs read UTF-8, every cell that holds a CR or LF quoted (the writer quotes only the CRLF
 * it ends records with), and formula injection neutralized on every line of every text cell
 * (defuseFormulas), so a name or note typed as "=HYPERLINK(...)" stays text.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return stringify([header, ...rows.map((row) => row.map((cell) => cell ?? ''))], {
    bom: true,
    record_delimiter: 'windows',
    quoted_match: LINE_BREAK,
    cast: { string: defuseFormulas, number: (value) => defuseFormulas(String(value)) },
  });
}
