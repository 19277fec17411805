// An RFC 4180 reader for the tests, and the cell an exported value must read as, written apart
// from the exporter's writer so that each checks the other. The reader is fed text in pieces as
// it arrives and gives back the records completed so far. Records end with CRLF; a quoted field
// may hold commas, doubled quotes and line breaks.

/** Where the reader is: in an unquoted field, in a quoted one, just after a quote inside one, or after a CR. */
type State = 'plain' | 'quoted' | 'quote in quoted' | 'cr';

export class CsvReader {
  private state: State = 'plain';
  private field = '';
  private record: string[] = [];
  /** The field now read was quoted (and closed): only a comma or the record's end may follow. */
  private closed = false;

  /** The records the text completes. Throws on what RFC 4180 does not allow. */
  feed(text: string): string[][] {
    const done: string[][] = [];
    for (const char of text) {
      switch (this.state) {
        case 'quoted':
          if (char === '"') this.state = 'quote in quoted';
          else this.field += char;
          continue;
        case 'quote in quoted':
          if (char === '"') {
            this.field += '"';
            this.state = 'quoted';
            continue;
          }
          this.state = 'plain';
          this.closed = true;
          break;
        case 'cr':
          if (char !== '\n') throw new Error('a CR outside quotes not followed by LF');
          this.record.push(this.field);
          done.push(this.record);
          [this.record, this.field, this.closed, this.state] = [[], '', false, 'plain'];
          continue;
      }
      if (char === ',') {
        this.record.push(this.field);
        [this.field, this.closed] = ['', false];
      } else if (char === '\r') {
        this.state = 'cr';
      } else if (this.closed) {
        throw new Error(`text after a closing quote: ${char}`);
      } else if (char === '"') {
        if (this.field !== '') throw new Error(`a quote inside an unquoted field: ${this.field}`);
        this.state = 'quoted';
      } else if (char === '\n') {
        throw new Error('a LF outside quotes without its CR');
      } else {
        this.field += char;
      }
    }
    return done;
  }

  /** Whether the text fed so far ended exactly at a record's end. */
  get complete(): boolean {
    return this.state === 'plain' && this.field === '' && !this.closed && this.record.length === 0;
  }
}

/** Every record of a whole CSV text, which must end at a record's end. */
export function readCsv(text: string): string[][] {
  const reader = new CsvReader();
  const records = reader.feed(text);
  if (!reader.complete) throw new Error('the text ends inside a record');
  return records;
}

/**
 * The cell an exported value must read as, the export's rule written out again apart from the
 * exporter's: null empty, a number as written, a list as JSON, text that starts like a formula
 * behind an apostrophe.
 */
export function expectedCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
