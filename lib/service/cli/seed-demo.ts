/**
 * `npm run seed:demo [-- --email <email>]`: fills the data directory with the demo sources of
 * demo-content.ts for a user (default: the owner), so a newcomer without internet sees a full
 * reader. The seeding itself is demo-seed.ts; this entry point opens the service: on PostgreSQL when
 * DATABASE_URL names one, else on the data directory's service.db.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureOwner, ensureUser } from '../domain/accounts';
import type { EmbeddedService } from '../service';
import { UsageError } from './command';
import { demoTargetOf, seedDemo } from './demo-seed';
import { databaseWhere, openCliService } from './open-store';

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
  let service: EmbeddedService | undefined;
  try {
    service = await openCliService();
    const { store, config } = service;
    const where = databaseWhere(config);
    const user = email ? await ensureUser(store, email) : await ensureOwner(store, config.ownerEmail);
    const summary = await seedDemo(demoTargetOf(service), user);
    console.log(summary.added
      ? `Seeded ${summary.added} demo sources for ${user.email} in ${where}: ${summary.items} items, ${summary.unread} unread, ${summary.saved} saved, ${summary.tagged} tagged.`
      : `Demo content already present for ${user.email} in ${where} (${summary.items} items); nothing added.`);
    return 0;
  } catch (error) {
    console.error(`seed:demo: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await service?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2));
