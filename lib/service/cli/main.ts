/**
 * The operator's command line: `npm run -s tidings -- <group> <command> [options]`.
 * Works on the PostgreSQL database of DATABASE_URL when it is set, else on the data directory of
 * TIDINGS_DATA_DIR (default ./data). Exit codes: 0 done,
 * 1 the command failed (unknown user, unknown key…), 2 bad usage.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { serviceConfig } from '../config';
import { backupCommand, restoreCommand } from './backup';
import { CommandFailure, UsageError, type CliInput, type Command, type CommandGroup, type DirectoryCommand, type ServiceCommand } from './command';
import { feedCommands } from './feeds';
import { keyCommands } from './keys';
import { migrateCommand } from './migrate';
import { openCliService, openStore } from './open-store';
import { opmlCommands } from './opml';
import { passwordCommands } from './password';
import { userCommands } from './users';

/**
 * Every command group. To add one (opml, password…), write a module exporting a CommandGroup
 * beside keys.ts and name it here; help and dispatch pick it up.
 */
export const commandGroups: Record<string, CommandGroup> = {
  key: keyCommands,
  user: userCommands,
  password: passwordCommands,
  opml: opmlCommands,
  feeds: feedCommands,
};

/** Commands of one word that handle the data directory as files: they never open (or create) its database. */
export const directoryCommands: Record<string, DirectoryCommand> = {
  backup: backupCommand,
  restore: restoreCommand,
  migrate: migrateCommand,
};

type Output = { out: (line: string) => void; err: (line: string) => void };
const processOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

function overview(): string[] {
  const lines = ['Usage: npm run -s tidings -- <group> <command> [options]', '', 'Commands:'];
  for (const [name, command] of Object.entries(directoryCommands)) lines.push(`  ${name} ${command.usage}`);
  for (const [groupName, group] of Object.entries(commandGroups)) {
    for (const [name, command] of Object.entries(group.commands)) lines.push(`  ${groupName} ${name} ${command.usage}`.trimEnd());
  }
  lines.push('', 'Database: DATABASE_URL\'s PostgreSQL when set, else the data directory TIDINGS_DATA_DIR (default ./data). Help on one command: <group> <command> --help.');
  return lines;
}

function groupHelp(name: string, group: CommandGroup): string[] {
  const lines = [`Usage: npm run -s tidings -- ${name} <command> [options]   (${group.summary})`, ''];
  for (const [commandName, command] of Object.entries(group.commands)) {
    lines.push(`  ${name} ${commandName} ${command.usage}`.trimEnd(), `      ${command.summary}`);
  }
  return lines;
}

function commandHelp(words: string, command: Command | ServiceCommand | DirectoryCommand): string[] {
  return [`Usage: npm run -s tidings -- ${words} ${command.usage}`.trimEnd(), '', command.summary + '.'];
}

const isHelp = (word: string | undefined) => word === '--help' || word === '-h' || word === 'help';

/**
 * Runs one command line, reading input from `input`, and returns its exit code; the database
 * (DATABASE_URL's PostgreSQL, else the data directory's SQLite) is opened only when a command runs, and closed after it.
 */
export async function runCli(argv: string[], output: Output = processOutput, input: CliInput = process.stdin): Promise<number> {
  const [groupName, commandName, ...rest] = argv;
  const printHelp = (lines: string[]) => { for (const line of lines) output.out(line); return 0; };
  try {
    if (groupName === undefined || isHelp(groupName)) return printHelp(overview());
    if (Object.hasOwn(directoryCommands, groupName)) {
      const command = directoryCommands[groupName];
      const { values, positionals } = parseCommandLine(command, commandName === undefined ? rest : [commandName, ...rest]);
      if (values.help) return printHelp(commandHelp(groupName, command));
      checkPositionals(command, positionals);
      await command.run({ config: { ...serviceConfig(), validateResponses: false }, input, out: output.out, note: output.err }, values, positionals);
      return 0;
    }
    const group = Object.hasOwn(commandGroups, groupName) ? commandGroups[groupName] : undefined;
    if (!group) throw new UsageError(`Unknown command "${groupName}". Run with --help to see the commands.`);
    if (commandName === undefined || isHelp(commandName)) return printHelp(groupHelp(groupName, group));
    const command = Object.hasOwn(group.commands, commandName) ? group.commands[commandName] : undefined;
    if (!command) throw new UsageError(`Unknown command "${groupName} ${commandName}". Run "${groupName} --help" to see its commands.`);

    const { values, positionals } = parseCommandLine(command, rest);
    if (values.help) return printHelp(commandHelp(`${groupName} ${commandName}`, command));
    checkPositionals(command, positionals);

    const io = { input, out: output.out, note: output.err };
    if (command.usesService) {
      const service = await openCliService();
      try {
        await command.run({ ...io, store: service.store, config: service.config, service }, values, positionals);
      } finally {
        await service.close();
      }
      return 0;
    }
    const opened = await openStore();
    try {
      await command.run({ ...io, store: opened.store, config: opened.config }, values, positionals);
    } finally {
      await opened.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`tidings: ${error.message}`);
      return 2;
    }
    if (error instanceof CommandFailure) {
      output.err(`tidings: ${error.message}`);
      return 1;
    }
    output.err(`tidings: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

function checkPositionals(command: Command | ServiceCommand | DirectoryCommand, positionals: string[]): void {
  const accepted = command.positionals?.length ?? 0;
  if (positionals.length > accepted) throw new UsageError(`Unexpected argument "${positionals[accepted]}".`);
}

function parseCommandLine(command: Command | ServiceCommand | DirectoryCommand, args: string[]) {
  try {
    const parsed = parseArgs({
      args, options: { ...command.options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: true,
    });
    return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
  } catch (error) {
    // parseArgs explains unknown options and missing values; its advice on '--' does not apply here.
    const message = error instanceof Error ? error.message.replace(/\. To specify a positional[\s\S]*$/, '.') : String(error);
    throw new UsageError(`${message.replace(/([^.])$/, '$1.')} Run with --help to see the options.`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runCli(process.argv.slice(2)).then((code) => { process.exitCode = code; });
}
