// What every migration is handed: the dialect, and the column types that differ by it. A file of
// its own, so that migrations import nothing that imports them.
import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../executor.ts';

/** Column types that differ by dialect, handed to each migration. */
export interface MigrationContext {
  dialect: DialectName;
  /** The primary key column: its type and builder. */
  id: { type: 'integer' | 'bigint'; build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder };
  /** The type of a column that references another table's id. */
  ref: 'integer' | 'bigint';
}
