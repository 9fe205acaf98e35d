/**
 * `npm run seed:demo [-- --email <email>]`: fills the data directory with the demo sources of
 * demo-content.ts for a user (default: the owner), so a newcomer without internet sees a full
 * reader. The seeding itself is demo-seed.ts; this entry point opens the store: PostgreSQL when
 * DATABASE_URL names one, else the data directory's service.db.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureOwner, ensureUser } from '../domain/accounts';
import { createIntelligence } from '../intelligence';
import { createPostgresIntelligence } from '../store/postgres/intelligence';
import { UsageError } from './command';
import { demoTargetOf, seedDemo, type DemoTarget } from './demo-seed';
import { openStore } from './open-store';

/** The store the seed writes to, the owner's email, where it is (for the operator; no password), and how to let it go. */
type Opened = { target: DemoTarget; ownerEmail: string; where: string; close(): Promise<void> };

/** Opens the install's store (openStore) with the intelligence of its engine, which indexes the demo's items. */
async function openTarget(): Promise<Opened> {
  const opened = await openStore();
  const { store, config, where, close } = opened;
  if (opened.engine === 'sqlite') {
    const target = demoTargetOf({ db: opened.db, store, config, intelligence: createIntelligence(opened.db) });
    return { target, ownerEmail: config.ownerEmail, where, close };
  }
  const intelligence = createPostgresIntelligence(opened.pool);
  return { target: { store, mailDomain: config.mailDomain, index: (docs) => intelligence.addItems(docs) }, ownerEmail: config.ownerEmail, where, close };
}

/** Runs `seed:demo` with these arguments on DATABASE_URL or TIDINGS_DATA_DIR and answers its exit code (the tests call it in-process). */
export async function main(argv: string[]): Promise<number> {
  let email: string | undefined;
  try {
    const { values } = parseArgs({ args: argv, options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true });
    if (values.help) {
      console.log('Usage: npm run seed:demo [-- --email <email>]\n\nFills the PostgreSQL database of DATABASE_URL, or else TIDINGS_DATA_DIR (default ./data), with demo sources and items for that user (default: the owner).');
      return 0;
    }
    email = values.email?.trim();
    if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`--email "${email}" is not an email address.`);
  } catch (error) {
    console.error(`seed:demo: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  let opened: Opened | undefined;
  try {
    opened = await openTarget();
    const { target, ownerEmail, where } = opened;
    const user = email ? await ensureUser(target.store, email) : await ensureOwner(target.store, ownerEmail);
    const summary = await seedDemo(target, user);
    console.log(summary.added
      ? `Seeded ${summary.added} demo sources for ${user.email} in ${where}: ${summary.items} items, ${summary.unread} unread, ${summary.saved} saved, ${summary.tagged} tagged.`
      : `Demo content already present for ${user.email} in ${where} (${summary.items} items); nothing added.`);
    return 0;
  } catch (error) {
    console.error(`seed:demo: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await opened?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2));
