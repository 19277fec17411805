// A CSV reader fed text in chunks (RFC 4180, as spreadsheets write it): fields separated by commas,
// quoted with double quotes ("" for a quote inside), records ended by CRLF, LF or CR. A quoted
// field may hold newlines, so a record spans as many lines of the file as it holds; each record
// says the line it starts on (the first line is 1) and where in the input it ends, which is where
// a reader started again later resumes. Blank lines are skipped, and so are lines starting with #
// before the first record (comments above the header, such as a sample file's source). Pure: it
// keeps one record at a time.

/** Where reading stopped or resumes: a chunk of the input, a character in it, and that line of the file. */
export interface CsvPosition {
  chunk: number;
  offset: number;
  line: number;
}

export interface CsvRecord {
  fields: string[];
  /** The line of the file the record starts on. */
  line: number;
  /** Right after the record's end: where reading resumes after it. */
  end: CsvPosition;
}

/** A quote left open at the end of the input: the record it starts cannot be read. */
export class UnterminatedQuote extends Error {
  constructor(readonly line: number) {
    super(`a quoted field starting on line ${line} is never closed`);
  }
}

export class CsvReader {
  #fields: string[] = [];
  #field = '';
  #quoted = false; // inside a quoted field
  #afterQuote = false; // a quote seen inside a quoted field: closing it, or the first of ""
  #afterCr = false; // a CR ended a record: a LF right after it belongs to it
  #crInQuote = false; // the last character of a quoted field so far was a CR
  #line: number;
  #recordLine: number;
  #started = false; // the current record has a character
  #beforeFirstRecord: boolean; // read from the file's start, and no record yet: a # line is a comment
  #inComment = false; // inside a comment line

  /** `afterCr`: the input before `start` ended with a CR, so a LF first is the rest of its CRLF. */
  constructor(start: { line: number; afterCr?: boolean } = { line: 1 }) {
    this.#line = start.line;
    this.#recordLine = start.line;
    this.#afterCr = start.afterCr ?? false;
    this.#beforeFirstRecord = start.line === 1;
  }

  /** The records that end in `text` (chunk `chunk` of the input, read from `from`). */
  push(text: string, chunk: number, from = 0): CsvRecord[] {
    const records: CsvRecord[] = [];
    const length = text.length;
    let i = from;
    while (i < length) {
      const c = text.charCodeAt(i);
      if (this.#afterCr) {
        this.#afterCr = false;
        if (c === 10) {
          i++; // the LF of a CRLF
          continue;
        }
      }
      if (this.#inComment || (this.#beforeFirstRecord && c === 35 && !this.#started && this.#field === '' && !this.#quoted)) {
        i = this.#skipComment(text, i);
        continue;
      }
      if (this.#quoted) {
        if (!this.#afterQuote) {
          i = this.#readQuoted(text, i);
          continue;
        }
        this.#afterQuote = false;
        if (c === 34) {
          this.#field += '"';
          i++;
          continue;
        }
        this.#quoted = false; // the quote closed the field; this character is read as outside it
      }
      if (c === 44) {
        this.#fields.push(this.#field);
        this.#field = '';
        this.#started = true;
        i++;
      } else if (c === 10 || c === 13) {
        this.#line++;
        const record = this.#endRecord({ chunk, offset: i + 1, line: this.#line });
        if (record) records.push(record);
        this.#afterCr = c === 13;
        this.#recordLine = this.#line;
        i++;
      } else if (c === 34 && this.#field === '') {
        this.#quoted = true;
        this.#started = true;
        i++;
      } else {
        // A run of plain characters, taken at once. A quote inside an unquoted field is kept as it
        // is, as spreadsheets read it.
        let end = i + 1;
        for (; end < length; end++) {
          const d = text.charCodeAt(end);
          if (d === 44 || d === 10 || d === 13) break;
        }
        this.#field += text.slice(i, end);
        this.#started = true;
        i = end;
      }
    }
    return records;
  }

  /** Skips a comment line up to its end (or the chunk's end); where reading goes on. */
  #skipComment(text: string, from: number): number {
    let end = from;
    for (; end < text.length; end++) {
      const d = text.charCodeAt(end);
      if (d === 10 || d === 13) break;
    }
    this.#inComment = end === text.length;
    if (this.#inComment) return end;
    this.#line++;
    this.#recordLine = this.#line;
    this.#afterCr = text.charCodeAt(end) === 13;
    return end + 1;
  }

  /** Reads a quoted field's text up to its next quote (or the chunk's end); where reading goes on. */
  #readQuoted(text: string, from: number): number {
    let end = from;
    for (; end < text.length; end++) {
      const d = text.charCodeAt(end);
      if (d === 34) break;
      // A newline inside the field: CRLF, LF or CR counts one line.
      if (d === 13 || (d === 10 && !this.#crInQuote)) this.#line++;
      this.#crInQuote = d === 13;
    }
    this.#field += text.slice(from, end);
    if (end === text.length) return end;
    this.#afterQuote = true;
    this.#crInQuote = false;
    return end + 1;
  }

  /** The last record, when the input does not end with a newline; throws when a quote is left open. */
  end(chunk: number, offset: number): CsvRecord | null {
    if (this.#quoted && !this.#afterQuote) throw new UnterminatedQuote(this.#recordLine);
    return this.#endRecord({ chunk, offset, line: this.#line });
  }

  #endRecord(end: CsvPosition): CsvRecord | null {
    const fields = this.#fields;
    fields.push(this.#field);
    const started = this.#started || this.#field !== '' || this.#quoted || this.#afterQuote;
    this.#fields = [];
    this.#field = '';
    this.#quoted = false;
    this.#afterQuote = false;
    this.#started = false;
    const line = this.#recordLine;
    if (started) this.#beforeFirstRecord = false;
    return started ? { fields, line, end } : null;
  }
}
