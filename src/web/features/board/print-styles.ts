/** The printed grid's look (D42): borders only, no fills, so it prints in black and white without background graphics. */

/** The grid's lines: dark enough to read on paper. */
export const PRINT_LINE = 'border-neutral-700';

/** Font sizes by board: a hundred squares share the sheet, twenty-five have room. */
export const PRINT_CELL_TEXT: Record<number, string> = {
  100: 'text-xs print:text-[7.5pt]',
  50: 'text-xs print:text-[9pt]',
  25: 'text-sm print:text-[11pt]',
};
