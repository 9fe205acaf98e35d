import path from 'node:path';
import { DamagedArchive } from '../store/backup-archive';
import { postgresDatabaseUrl } from '../store/database-url';
import { backupDataDirectory, DataDirectoryRefusal, restoreDataDirectory } from '../store/data-backup';
import { CommandFailure, UsageError, type DirectoryCommand } from './command';

function fileArgument(positionals: string[]): string {
  const [file] = positionals;
  if (!file) throw new UsageError('Name the backup file, e.g. tidings-backup.sqlite.');
  return path.resolve(file);
}

/** Refusals and damaged files are command failures (exit code 1) with their own sentence. */
async function failingClearly<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DataDirectoryRefusal || error instanceof DamagedArchive) throw new CommandFailure(error.message);
    throw error;
  }
}

/** With DATABASE_URL the install's data is in PostgreSQL, not in the files these commands copy: a refusal, not a backup that misses it. */
function refuseOnPostgres(words: string): void {
  if (!postgresDatabaseUrl()) return;
  throw new CommandFailure(`With DATABASE_URL set, the install's data lives in PostgreSQL, which \`${words}\` does not copy: use PostgreSQL's pg_dump and pg_restore instead; nothing was written.`);
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** `backup <file>`: a consistent copy of the data directory, taken while Tidings runs. */
export const backupCommand: DirectoryCommand = {
  summary: 'Copy the whole data directory (databases through SQLite\'s online backup, key and password files) into one file, while Tidings runs',
  usage: '<file> [--force]',
  options: { force: { type: 'boolean' } },
  positionals: ['file'],
  async run(context, values, positionals) {
    refuseOnPostgres('backup');
    const target = fileArgument(positionals);
    const files = await failingClearly(() => backupDataDirectory(context.config.dataDir, target, { replace: values.force === true }));
    const total = files.reduce((sum, file) => sum + file.size, 0);
    context.note(`Backed up ${files.map((file) => file.name).join(', ')} (${megabytes(total)}) from ${context.config.dataDir} into ${target}.`);
  },
};

/** `restore <file>`: brings a backup back into a data directory no process uses. */
export const restoreCommand: DirectoryCommand = {
  summary: 'Restore a backup into the data directory of a stopped Tidings; a directory holding data needs --force (its files are kept aside)',
  usage: '<file> [--force]',
  options: { force: { type: 'boolean' } },
  positionals: ['file'],
  async run(context, values, positionals) {
    refuseOnPostgres('restore');
    const archive = fileArgument(positionals);
    const restored = await failingClearly(() => restoreDataDirectory(archive, context.config.dataDir, { replace: values.force === true }));
    context.note(`Restored ${restored.files.map((file) => file.name).join(', ')} (backed up ${restored.createdAt}) into ${context.config.dataDir}.`);
    if (restored.movedAside) context.note(`The files it held before are in ${restored.movedAside}.`);
  },
};
