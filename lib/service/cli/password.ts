import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { minimumPasswordLength, passwordFile, randomPassword, writePassword } from '../domain/app-password';
import { UsageError, type CliContext, type CommandGroup } from './command';

/** Reads the new password: asked twice without echo on a terminal, else the first line of stdin. */
async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin, terminal: false });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  const first = await askHidden('New password: ');
  const second = await askHidden('Again: ');
  if (first !== second) throw new UsageError('The two passwords differ; nothing was changed.');
  return first;
}

function askHidden(prompt: string): Promise<string> {
  process.stderr.write(prompt);
  // Typed characters must not appear on the screen: the interface writes to a sink.
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });
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
        const password = await readNewPassword();
        if (password.length < minimumPasswordLength) throw new UsageError(`The password must have at least ${minimumPasswordLength} characters.`);
        await writePassword(context.config.dataDir, password);
        context.note(`The password was stored in ${passwordFile(context.config.dataDir)}.`);
        noteEnvironment(context);
      },
    },
    reset: {
      summary: 'Replace the password of the app with a new random one, printed once; signs out every session',
      usage: '',
      options: {},
      async run(context) {
        const password = randomPassword();
        await writePassword(context.config.dataDir, password);
        // Only the password goes to stdout, so a script can capture it.
        context.out(password);
        noteEnvironment(context);
      },
    },
  },
};
