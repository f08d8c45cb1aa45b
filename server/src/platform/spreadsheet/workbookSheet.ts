// A sheet's rows as the import reads them: each row that holds something, with its row number and its cells as the
// text each holds (as ExcelJS's reader read them: workbook.ts says how), counted against the limits as they come.
import type { SaxesTagPlain } from 'saxes';
import type { ZipEntry } from './zip.js';
import { attribute, count, own, WorkbookLimitError, type WorkbookLimits, type XmlHandlers } from './workbookXml.js';

export interface WorkbookRecord {
  line: number;
  cells: string[];
}

/** What the sheet's cells are read with, from the workbook's other parts. */
export interface SheetContext {
  /** The shared strings, by index. */
  shared: readonly string[];
  /** The cell styles that show a number as a date. */
  dateStyles: ReadonlySet<number>;
  /** Whether the workbook counts its days from 1904 (Excel for Mac's old default). */
  date1904: boolean;
  limits: WorkbookLimits;
}

export const cellTooLong = (limits: WorkbookLimits): string =>
  `The workbook has a cell of more than ${count(limits.cellCharacters)} characters, more than Excel holds: save the file as CSV instead.`;

/** Column letters (`AB`) as their number (28); 0 when there are none. */
function columnNumber(reference: string): number {
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
    if (column > 1_000_000) break;
  }
  return column;
}

/** An Excel serial day as its date, YYYY-MM-DD (ExcelJS's excelToDate, then the import's cellText). */
function serialDate(serial: number, date1904: boolean): string {
  const time = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000);
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().slice(0, 10);
}

/** A cell as it is read: its type and style, and the texts of its value, formula or inline string as they come. */
class Cell {
  type = '';
  style = 0;
  value: string[] | undefined;
  formula: string[] | undefined;
  /** The `si` of a shared formula (its master, or one that reuses the master's text). */
  formulaShared: string | undefined;
  inline: string[] | undefined;
  /** How deep inside a phonetic reading (<rPh>), whose text is not the cell's. */
  phonetic = 0;
  /** Where the next text goes (value, formula or inline string), if anywhere. */
  target: string[] | undefined;
  length = 0;

  /** Starts on a <c>'s cell: its type (a number unless it says) and its style, nothing read yet. */
  open(tag: SaxesTagPlain): void {
    this.type = attribute(tag, 't') ?? 'n';
    this.style = Number.parseInt(attribute(tag, 's') ?? '0', 10);
    this.value = this.formula = this.inline = this.target = undefined;
    this.formulaShared = undefined;
    this.phonetic = 0;
    this.length = 0;
  }
}

/** Reads a sheet's XML, one handler call at a time, into the records. */
class SheetReader {
  readonly records: WorkbookRecord[] = [];
  /** The master formulas of shared ones, by their `si`. */
  private readonly sharedFormulas = new Map<string, string>();
  private inData = false;
  private line = 0;
  private cells: string[] | undefined;
  private column = 0;
  /** The cell being read, one object for them all (a value outside any cell goes to the last one, and is never kept). */
  private readonly cell = new Cell();

  constructor(private readonly context: SheetContext) {}

  open(tag: SaxesTagPlain, name: string): void {
    if (name === 'sheetData') this.inData = !tag.isSelfClosing;
    else if (!this.inData) return;
    else if (name === 'row') this.openRow(tag);
    else if (name === 'c' && this.cells !== undefined) this.openCell(tag);
    else if (this.cells !== undefined) this.openInCell(tag, name, this.cell);
  }

  text(text: string): void {
    const { cell } = this;
    if (cell.target === undefined) return;
    cell.length += text.length;
    if (cell.length > this.context.limits.cellCharacters)
      throw new WorkbookLimitError(cellTooLong(this.context.limits));
    cell.target.push(text);
  }

  close(tag: SaxesTagPlain, name: string): void {
    if (name === 'sheetData') this.inData = false;
    if (!this.inData || this.cells === undefined) return;
    if (name === 'v' || name === 'f' || name === 't') this.cell.target = undefined;
    else if (name === 'rPh' && !tag.isSelfClosing) this.cell.phonetic -= 1;
    else if (name === 'c') this.closeCell(this.cells);
    else if (name === 'row') this.closeRow(this.cells);
  }

  private openRow(tag: SaxesTagPlain): void {
    const r = Number.parseInt(attribute(tag, 'r') ?? '', 10);
    this.line = Number.isInteger(r) && r > this.line ? r : this.line + 1;
    this.cells = [];
    this.column = 0;
  }

  private openCell(tag: SaxesTagPlain): void {
    const reference = attribute(tag, 'r');
    const named = reference === undefined ? 0 : columnNumber(reference);
    this.column = named > 0 ? named : this.column + 1;
    this.cell.open(tag);
  }

  /** A value, a formula, an inline string or its text inside the cell. */
  private openInCell(tag: SaxesTagPlain, name: string, cell: Cell): void {
    if (name === 'v') cell.target = cell.value = [];
    else if (name === 'f') {
      cell.target = cell.formula = [];
      cell.formulaShared = attribute(tag, 't') === 'shared' ? (attribute(tag, 'si') ?? '') : undefined;
    } else if (name === 'is') cell.inline = [];
    else if (name === 'rPh' && !tag.isSelfClosing) cell.phonetic += 1;
    else if (name === 't' && cell.inline !== undefined && cell.phonetic === 0) cell.target = cell.inline;
  }

  private closeCell(cells: string[]): void {
    const text = this.cellText(this.cell);
    if (text === '') return;
    const { limits } = this.context;
    if (this.column > limits.columns) {
      throw new WorkbookLimitError(
        `The workbook has something in column ${count(this.column)} of row ${count(this.line)}: an import reads ${count(limits.columns)} columns at most (the catalogue has 13).`,
      );
    }
    while (cells.length < this.column - 1) cells.push('');
    cells[this.column - 1] = own(text);
  }

  private closeRow(cells: string[]): void {
    if (cells.some((cell) => cell.trim() !== '')) {
      const { limits } = this.context;
      // the header and limits.rows below it
      if (this.records.length > limits.rows) {
        throw new WorkbookLimitError(
          `The workbook has more than ${count(limits.rows)} product rows: an import takes ${count(limits.rows)} at most. Split it into several files.`,
        );
      }
      this.records.push({ line: this.line, cells });
    }
    this.cells = undefined;
  }

  /** A formula's text (a shared formula's from its master), else the value as its type and style say. */
  private cellText(cell: Cell): string {
    if (cell.formula !== undefined) {
      let text = cell.formula.join('');
      if (cell.formulaShared !== undefined) {
        if (text === '') text = this.sharedFormulas.get(cell.formulaShared) ?? '';
        else if (!this.sharedFormulas.has(cell.formulaShared)) this.sharedFormulas.set(cell.formulaShared, text);
      }
      return `=${text}`;
    }
    if (cell.inline !== undefined) return cell.inline.join('');
    if (cell.value === undefined) return '';
    return this.valueText(cell, cell.value.join(''));
  }

  private valueText(cell: Cell, text: string): string {
    switch (cell.type) {
      case 's':
        return this.context.shared[Number.parseInt(text, 10)] ?? '';
      case 'str':
      case 'inlineStr':
      case 'e':
      case 'd':
        return text;
      case 'b':
        return Number.parseInt(text, 10) !== 0 ? 'TRUE' : 'FALSE';
      default: {
        if (text.trim() === '') return '';
        const number = Number.parseFloat(text);
        return this.context.dateStyles.has(cell.style) ? serialDate(number, this.context.date1904) : String(number);
      }
    }
  }
}

/** The sheet's rows that hold something, read by `read` (the archive's: inflated within the budget, parsed). */
export async function readSheet(
  entry: ZipEntry,
  read: (entry: ZipEntry, handlers: XmlHandlers) => Promise<void>,
  context: SheetContext,
): Promise<WorkbookRecord[]> {
  const reader = new SheetReader(context);
  await read(entry, {
    open: (tag, name) => reader.open(tag, name),
    text: (text) => reader.text(text),
    close: (tag, name) => reader.close(tag, name),
  });
  return reader.records;
}
