import { stringify } from 'csv-stringify/sync';

/**
 * A CSV file (D33) by a standard writer: RFC 4180 quoting, a byte order mark so spreadsheet
 * programs read UTF-8, and formula injection neutralized (a cell starting with =, +, -, @, tab
 * or CR gets a leading ', so a name or note typed as "=HYPERLINK(...)" stays text).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return stringify([header, ...rows.map((row) => row.map((cell) => cell ?? ''))], { bom: true, escape_formulas: true, record_delimiter: 'windows' });
}
