// The types every query is written against: the database and an open transaction.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './types.ts';

export type DialectName = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/** A query runner: the database itself or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
