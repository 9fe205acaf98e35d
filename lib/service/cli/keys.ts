import { ensureUser, issueCredential, listCredentials, revokeCredential, setPlan } from '../domain/accounts';
import { CommandFailure, parsePlan, requireEmail, requireOption, requireUser, table, type CommandGroup } from './command';

const json = { type: 'boolean', default: false } as const;

/** `key …`: API keys (`tid_live_…`) for the Bearer operations of the service. */
export const keyCommands: CommandGroup = {
  summary: 'create, list and revoke API keys',
  commands: {
    create: {
      summary: 'Create an API key (and the user, if needed); prints only the key',
      usage: '--email <email> [--plan free|pro|plus] [--name <name>]',
      options: { email: { type: 'string' }, plan: { type: 'string' }, name: { type: 'string' } },
      async run({ store, out }, values) {
        const email = requireEmail(values);
        const plan = typeof values.plan === 'string' ? parsePlan(values.plan) : undefined;
        const name = typeof values.name === 'string' && values.name.trim() ? values.name.trim() : 'Command line';
        // Each step stands on its own: a key create that fails half way leaves a user that the next one reuses.
        const user = await ensureUser(store, email, { plan });
        if (plan && user.plan !== plan) await setPlan(store, user.id, plan);
        const { secret } = await issueCredential(store, user.id, 'api_key', name);
        // Only the key goes to stdout, so `KEY=$(npm run -s tidings -- key create …)` works.
        out(secret);
      },
    },
    list: {
      summary: "List a user's live API keys",
      usage: '--email <email> [--json]',
      options: { email: { type: 'string' }, json },
      async run({ store, out, note }, values) {
        const user = await requireUser(store, requireEmail(values));
        const keys = (await listCredentials(store, user.id, 'api_key')).map(({ id, name, prefix, created_at, last_used_at }) => ({
          id, name, prefix, created_at, last_used_at,
        }));
        if (values.json) return out(JSON.stringify(keys, null, 2));
        if (!keys.length) return note(`${user.email} has no live API keys.`);
        const rows = keys.map((key) => [key.id, key.name, `${key.prefix}…`, key.created_at, key.last_used_at ?? 'never']);
        for (const line of table(['ID', 'NAME', 'PREFIX', 'CREATED', 'LAST USED'], rows)) out(line);
      },
    },
    revoke: {
      summary: 'Revoke an API key of a user; requests with it then answer 401',
      usage: '--email <email> --id <key id>',
      options: { email: { type: 'string' }, id: { type: 'string' } },
      async run({ store, out }, values) {
        const user = await requireUser(store, requireEmail(values));
        const id = requireOption(values, 'id');
        if (!await revokeCredential(store, user.id, id, 'api_key')) {
          throw new CommandFailure(`${user.email} has no live API key with id ${id}.`);
        }
        out(`Revoked API key ${id} of ${user.email}.`);
      },
    },
  },
};
