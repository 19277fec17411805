// How an exported tester is written: NDJSON (its JSON on one line) or a CSV record (RFC 4180) whose
// columns are the tester's JSON fields, nested ones flattened with dotted names. The columns come
// from the exported tester's schema, so a field the API adds is exported the day it is added.
import type { TSchema } from 'typebox';
import type { TesterResponse } from '../questions/questions.service.ts';
import { ExportedTesterSchema } from './testers.schemas.ts';
import type { TesterView } from './testers.presenter.ts';

export const ExportFormats = ['csv', 'ndjson'] as const;
export type ExportFormat = (typeof ExportFormats)[number];

/** What an export writes of a tester: the tester as "show tester" renders it, its answers and its points. */
export interface ExportedTester extends TesterView {
  responses: TesterResponse[];
  points: number;
}

/** A CSV record ends with CRLF (RFC 4180), the last one included. */
const RECORD_END = '\r\n';

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return before
 * one) is written with a leading apostrophe, which spreadsheets show as text. Numbers are left as
 * they are: -3 points is a number, not a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function field(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A value as its cell's text: null is empty, a list (fraud.flags) its JSON, text guarded against formulas. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV record of cells already turned to text. */
export function csvRecord(cells: readonly string[]): string {
  return cells.map(field).join(',') + RECORD_END;
}

function isObjectSchema(schema: TSchema): schema is TSchema & { properties: Record<string, TSchema> } {
  return (schema as { type?: unknown }).type === 'object' && typeof (schema as { properties?: unknown }).properties === 'object';
}

/** The dotted paths of the schema's leaves, in its order; `responses` is laid out by question. */
function leafPaths(properties: Record<string, TSchema>, prefix: string[] = []): string[][] {
  return Object.entries(properties).flatMap(([name, schema]) => {
    if (prefix.length === 0 && name === 'responses') return [];
    return isObjectSchema(schema) ? leafPaths(schema.properties, [...prefix, name]) : [[...prefix, name]];
  });
}

const TESTER_PATHS = leafPaths(ExportedTesterSchema.properties as Record<string, TSchema>);

export interface CsvLayout {
  /** The header record: the field names. */
  header: string;
  /** A tester's record. */
  record(tester: ExportedTester): string;
}

/**
 * The CSV columns: every field of the exported tester, then one `responses.<question id>` column
 * per question of the beta (given in id order), holding the tester's answer or nothing.
 */
export function csvLayout(questionIds: readonly number[]): CsvLayout {
  const names = [...TESTER_PATHS.map((path) => path.join('.')), ...questionIds.map((id) => `responses.${id}`)];
  return {
    header: csvRecord(names),
    record(tester) {
      const cells = TESTER_PATHS.map((path) => cellText(path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], tester)));
      const answers = new Map(tester.responses.map((response) => [response.question_id, response.answer]));
      for (const id of questionIds) cells.push(cellText(answers.get(id)));
      return csvRecord(cells);
    },
  };
}

/** The tester's JSON on one line (JSON escapes any line break inside a string). */
export function ndjsonLine(tester: ExportedTester): string {
  return `${JSON.stringify(tester)}\n`;
}
