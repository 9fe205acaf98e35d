import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { createIntelligence } from '../intelligence';
import { exportOpml } from '../domain/opml/export-opml';
import { importFetched, importProgress } from '../domain/opml/import-fetch';
import { importOpml } from '../domain/opml/import-opml';
import { DomainError } from '../domain/errors';
import { CommandFailure, requireEmail, requireUser, UsageError, type CommandGroup } from './command';

async function readDocument(file: string): Promise<string> {
  if (file === '-') return text(process.stdin);
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new CommandFailure(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `opml …`: move subscriptions in and out of other readers, folders included. */
export const opmlCommands: CommandGroup = {
  summary: 'import and export subscriptions as OPML',
  commands: {
    import: {
      summary: "Subscribe a user to every feed of an OPML file (- reads stdin), recreating its folders; prints what happened to each feed that failed",
      usage: '--email <email> [--json] <file>',
      options: { email: { type: 'string' }, json: { type: 'boolean', default: false } },
      positionals: ['file'],
      async run({ db, store, config, out, note }, values, positionals) {
        const [file] = positionals;
        if (!file) throw new UsageError('The OPML file is required: opml import --email <email> <file>.');
        const user = await requireUser(store, requireEmail(values));
        const document = await readDocument(file);
        let result;
        const intelligence = createIntelligence(db);
        try {
          result = await importOpml({ store, config, intelligence }, user, document);
          // The new feeds are fetched, and their stories and similar items indexed, after subscribing; the database closes after this.
          await importFetched(store, user);
          await intelligence.idle();
        } catch (error) {
          if (error instanceof DomainError) throw new CommandFailure(error.message);
          throw error;
        }
        // Feeds imported but whose first fetch failed stay subscribed (failing), and are listed apart.
        const unfetched = importProgress(store, user).failed;
        if (values.json) return out(JSON.stringify({ ...result, not_fetched: unfetched }, null, 2));
        for (const failure of result.failed) out(`failed  ${failure.url}  ${failure.message}`);
        for (const failure of unfetched) out(`not fetched  ${failure.url}  ${failure.message}`);
        const repeated = result.duplicates ? ` ${result.duplicates} repeated in the file, imported once.` : '';
        const notFetched = unfetched.length ? ` ${unfetched.length} imported but not fetched.` : '';
        note(`${result.imported} imported, ${result.already_subscribed} already subscribed, ${result.failed.length} failed.${notFetched}${repeated}`);
      },
    },
    export: {
      summary: "Print a user's feeds and podcasts as OPML 2.0, grouped by folder (newsletters are left out)",
      usage: '--email <email>',
      options: { email: { type: 'string' } },
      async run({ store, out }, values) {
        const user = await requireUser(store, requireEmail(values));
        out((await exportOpml(store, user)).opml);
      },
    },
  },
};
