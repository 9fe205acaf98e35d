import type { ParseArgsConfig } from 'node:util';
import { AccountStatus, Plan } from '@/lib/contract/common';
import type { ServiceConfig, ServiceContext } from '../context';
import { findUserByEmail, type User } from '../domain/accounts';
import type { Store } from '../store/store';

/** What a command reads the operator's typed or piped answers from: stdin (a terminal when isTTY), or given text in tests. */
export type CliInput = NodeJS.ReadableStream & { isTTY?: boolean };

/** What a command gets: the store (on DATABASE_URL's PostgreSQL, else the data directory's SQLite), the settings, where to read and where to write. */
export type CliContext = {
  store: Store;
  config: ServiceConfig;
  /** Where the command reads input, such as a new password. */
  input: CliInput;
  /** Writes one line to stdout: the command's result. */
  out: (line: string) => void;
  /** Writes one line to stderr: notes for the operator, never results. */
  note: (line: string) => void;
};

/** The parsed options of one command, as util.parseArgs gives them. */
export type OptionValues = Record<string, string | boolean | undefined>;

/** One operator command, such as `key create`. */
export type Command = {
  summary: string;
  /** Options after the command words, e.g. `--email <email> [--plan free|pro|plus]`. */
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  /** Names of the arguments the command takes after its options, e.g. ['file']; none when absent. */
  positionals?: string[];
  /** Set only on a ServiceCommand. */
  usesService?: false;
  run(context: CliContext, values: OptionValues, positionals: string[]): void | Promise<void>;
};

/** A command that needs the whole service (its intelligence, the refresh), such as `feeds refresh`; its context carries the service too. */
export type ServiceCommand = Omit<Command, 'run' | 'usesService'> & {
  usesService: true;
  run(context: CliContext & { service: ServiceContext }, values: OptionValues, positionals: string[]): void | Promise<void>;
};

/** A command of one word that works on the data directory's files without opening its database (backup, restore). */
export type DirectoryCommand = Omit<Command, 'run' | 'usesService'> & {
  run(context: Omit<CliContext, 'store'>, values: OptionValues, positionals: string[]): void | Promise<void>;
};

/** A word that groups commands, such as `key` or `user`. */
export type CommandGroup = { summary: string; commands: Record<string, Command | ServiceCommand> };

/** The operator typed something the command line does not accept (exit code 2). */
export class UsageError extends Error {}

/** The command was understood but could not be done, e.g. an unknown user (exit code 1). */
export class CommandFailure extends Error {}

/** A required string option, or a usage error naming it. */
export function requireOption(values: OptionValues, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || !value.trim()) throw new UsageError(`--${name} is required.`);
  return value.trim();
}

/** An email address as given, checked for its basic shape. */
export function requireEmail(values: OptionValues): string {
  const email = requireOption(values, 'email');
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`--email "${email}" is not an email address.`);
  return email;
}

/** A plan name, or a usage error listing the plans. */
export function parsePlan(value: string): Plan {
  const parsed = Plan.safeParse(value);
  if (!parsed.success) throw new UsageError(`--plan must be one of ${Plan.options.join(', ')}; got "${value}".`);
  return parsed.data;
}

/** An account status, or a usage error listing the statuses. */
export function parseStatus(value: string): AccountStatus {
  const parsed = AccountStatus.safeParse(value);
  if (!parsed.success) throw new UsageError(`--status must be one of ${AccountStatus.options.join(', ')}; got "${value}".`);
  return parsed.data;
}

/** The user with this email, or a failure saying there is none. */
export async function requireUser(store: Store, email: string): Promise<User> {
  const user = await findUserByEmail(store, email);
  if (!user) throw new CommandFailure(`No user with email ${email} exists.`);
  return user;
}

/** Lays rows out in aligned columns under a header, for people to read. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}
