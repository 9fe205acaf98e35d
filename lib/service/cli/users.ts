import { setPlan, setStatus } from '../domain/accounts';
import { parsePlan, parseStatus, requireEmail, requireOption, requireUser, table, type CommandGroup } from './command';

/** `user …`: plans and account status, which the service checks on every request. */
export const userCommands: CommandGroup = {
  summary: "list users, change a user's plan or status",
  commands: {
    list: {
      summary: 'List users with their plan, status and counts',
      usage: '[--json]',
      options: { json: { type: 'boolean', default: false } },
      async run({ store, out, note }, values) {
        const users = await store.accounts.summaries();
        if (values.json) {
          return out(JSON.stringify(users.map((user) => ({ ...user, is_owner: user.is_owner === 1 })), null, 2));
        }
        if (!users.length) return note('There are no users yet.');
        const rows = users.map((user) => [
          user.email, user.plan, user.status, user.is_owner ? 'yes' : '', String(user.api_keys), String(user.subscriptions), user.created_at,
        ]);
        for (const line of table(['EMAIL', 'PLAN', 'STATUS', 'OWNER', 'KEYS', 'SUBSCRIPTIONS', 'CREATED'], rows)) out(line);
      },
    },
    plan: {
      summary: "Change a user's plan (free, pro or plus)",
      usage: '--email <email> --plan free|pro|plus',
      options: { email: { type: 'string' }, plan: { type: 'string' } },
      async run({ store, out }, values) {
        const email = requireEmail(values);
        const plan = parsePlan(requireOption(values, 'plan'));
        const user = await requireUser(store, email);
        await setPlan(store, user.id, plan);
        out(`${user.email} is now on the ${plan} plan (was ${user.plan}).`);
      },
    },
    status: {
      summary: "Change a user's status; banned and locked accounts get 403 on every request",
      usage: '--email <email> --status active|banned|locked',
      options: { email: { type: 'string' }, status: { type: 'string' } },
      async run({ store, out }, values) {
        const email = requireEmail(values);
        const status = parseStatus(requireOption(values, 'status'));
        const user = await requireUser(store, email);
        await setStatus(store, user.id, status);
        out(`${user.email} is now ${status} (was ${user.status}).`);
      },
    },
  },
};
