/**
 * `npm run seed:demo [-- --email <email>]`: fills the data directory with the demo sources of
 * demo-content.ts for a user (default: the owner), so a newcomer without internet sees a full
 * reader. The seeding itself is demo-seed.ts; this entry point opens the data directory.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureOwner, ensureUser } from '../domain/accounts';
import { createIntelligence } from '../intelligence';
import { sqliteStore } from '../store/sqlite/sqlite-store';
import { openDataDirectory, UsageError } from './command';
import { demoTargetOf, seedDemo } from './demo-seed';

/** Runs `seed:demo` with these arguments on TIDINGS_DATA_DIR and answers its exit code (the tests call it in-process). */
export async function main(argv: string[]): Promise<number> {
  let email: string | undefined;
  try {
    const { values } = parseArgs({ args: argv, options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true });
    if (values.help) {
      console.log('Usage: npm run seed:demo [-- --email <email>]\n\nFills TIDINGS_DATA_DIR (default ./data) with demo sources and items for that user (default: the owner).');
      return 0;
    }
    email = values.email?.trim();
    if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`--email "${email}" is not an email address.`);
  } catch (error) {
    console.error(`seed:demo: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const { db, config, databaseFile } = openDataDirectory();
  try {
    const store = sqliteStore(db);
    const user = email ? await ensureUser(store, email) : await ensureOwner(store, config.ownerEmail);
    const summary = await seedDemo(demoTargetOf({ store, config, intelligence: createIntelligence(db) }), user);
    console.log(summary.added
      ? `Seeded ${summary.added} demo sources for ${user.email} in ${databaseFile}: ${summary.items} items, ${summary.unread} unread, ${summary.saved} saved, ${summary.tagged} tagged.`
      : `Demo content already present for ${user.email} in ${databaseFile} (${summary.items} items); nothing added.`);
    return 0;
  } catch (error) {
    console.error(`seed:demo: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2));
