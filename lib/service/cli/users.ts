import { setPlan, setStatus, type User } from '../domain/accounts';
import { parsePlan, parseStatus, requireEmail, requireOption, requireUser, table, type CommandGroup } from './command';

type UserRow = User & { api_keys: number; subscriptions: number };

/** `user …`: plans and account status, which the service checks on every request. */
export const userCommands: CommandGroup = {
  summary: "list users, change a user's plan or status",
  commands: {
    list: {
      summary: 'List users with their plan, status and counts',
      usage: '[--json]',
      options: { json: { type: 'boolean', default: false } },
      run({ db, out, note }, values) {
        const users = db.prepare(`SELECT u.*,
            (SELECT COUNT(*) FROM credentials c WHERE c.user_id = u.id AND c.kind = 'api_key' AND c.revoked_at IS NULL) AS api_keys,
            (SELECT COUNT(*) FROM subscriptions s WHERE s.user_id = u.id) AS subscriptions
          FROM users u ORDER BY u.created_at, u.email`).all() as UserRow[];
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
      run({ db, out }, values) {
        const email = requireEmail(values);
        const plan = parsePlan(requireOption(values, 'plan'));
        const user = requireUser(db, email);
        setPlan(db, user.id, plan);
        out(`${user.email} is now on the ${plan} plan (was ${user.plan}).`);
      },
    },
    status: {
      summary: "Change a user's status; banned and locked accounts get 403 on every request",
      usage: '--email <email> --status active|banned|locked',
      options: { email: { type: 'string' }, status: { type: 'string' } },
      run({ db, out }, values) {
        const email = requireEmail(values);
        const status = parseStatus(requireOption(values, 'status'));
        const user = requireUser(db, email);
        setStatus(db, user.id, status);
        out(`${user.email} is now ${status} (was ${user.status}).`);
      },
    },
  },
};
