import { intelligenceSchemaSql } from '../intelligence/schema';
import { coreSchema } from './schema/001-core';

export type Migration = { version: number; name: string; sql: string };

/** Every schema change, in order. Never edit one that has shipped: add the next. */
export const migrations: Migration[] = [
  { version: 1, name: 'core', sql: coreSchema },
  { version: 2, name: 'intelligence', sql: intelligenceSchemaSql },
];
