// The database untyped, for the statements not yet checked against the gateway's tables: what is left of it is
// counted (`grep -rn "Kysely<any>\|AnyDb" gateway/src`) and goes as each module declares the tables it reads. The
// stage kit does not use it: a kit statement is checked against the columns its definitions' tables carry
// (stage/stage-tables.ts).
import type { Kysely } from 'kysely';
import type { Database } from './database';

// biome-ignore lint/suspicious/noExplicitAny: the statements of the modules not yet typed
export type AnyDb = Kysely<any>;
export const anyDb = (db: Kysely<Database>) => db as unknown as AnyDb;
