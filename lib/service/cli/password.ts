import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import pg from 'pg';
import { hashPassword, minimumPasswordLength, passwordFile, randomPassword, writePassword } from '../domain/app-password';
import { migrateAppState } from '../store/postgres/app-state-schema';
import { storePostgresPassword } from '../store/postgres/app-password';
import { postgresDatabaseUrl } from '../store/database-url';
import { describeTarget } from '../store/postgres/move-to-postgres';
import { UsageError, type CliContext, type CliInput, type CommandGroup } from './command';

/** Reads the new password: asked twice without echo on a terminal, else the first line of the input. */
async function readNewPassword(input: CliInput): Promise<string> {
  if (!input.isTTY) {
    const lines = createInterface({ input, terminal: false });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  const first = await askHidden(input, 'New password: ');
  const second = await askHidden(input, 'Again: ');
  if (first !== second) throw new UsageError('The two passwords differ; nothing was changed.');
  return first;
}

function askHidden(input: CliInput, prompt: string): Promise<string> {
  process.stderr.write(prompt);
  // Typed characters must not appear on the screen: the interface writes to a sink.
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input, output: muted, terminal: true });
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });
}

/** Stores a new password where the app reads it (the shared database with DATABASE_URL, else the data directory); answers where. */
async function storePassword({ config }: CliContext, password: string): Promise<string> {
  const url = postgresDatabaseUrl();
  if (!url) {
    await writePassword(config.dataDir, password);
    return passwordFile(config.dataDir);
  }
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrateAppState(pool);
    await storePostgresPassword(pool, await hashPassword(password), { firstOnly: false });
  } finally {
    await pool.end();
  }
  return `the PostgreSQL database ${describeTarget(url)} (DATABASE_URL), which every node reads`;
}

function noteEnvironment({ note }: CliContext): void {
  if (process.env.TIDINGS_APP_PASSWORD) note('Note: TIDINGS_APP_PASSWORD is set and takes precedence over the stored password.');
}

/** `password …`: the password that guards the app's sign-in page. */
export const passwordCommands: CommandGroup = {
  summary: 'set or reset the password of the app',
  commands: {
    set: {
      summary: 'Set the password of the app (asked for on a terminal, else read from stdin); signs out every session',
      usage: '',
      options: {},
      async run(context) {
        const password = await readNewPassword(context.input);
        if (password.length < minimumPasswordLength) throw new UsageError(`The password must have at least ${minimumPasswordLength} characters.`);
        context.note(`The password was stored in ${await storePassword(context, password)}.`);
        noteEnvironment(context);
      },
    },
    reset: {
      summary: 'Replace the password of the app with a new random one, printed once; signs out every session',
      usage: '',
      options: {},
      async run(context) {
        const password = randomPassword();
        await storePassword(context, password);
        // Only the password goes to stdout, so a script can capture it.
        context.out(password);
        noteEnvironment(context);
      },
    },
  },
};
