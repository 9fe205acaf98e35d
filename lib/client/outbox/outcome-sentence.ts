import type { SendOutcome } from '.';

/**
 * The sentence after a change to an item: `done` once the service has it, or, when the change
 * waits in the outbox, that it is kept on this device until the connection returns. Saying only
 * "Saved." offline would read as if the service already had it.
 */
export function outcomeSentence(outcome: SendOutcome, done: string): string {
  if (outcome.sent) return done;
  return `${done.replace(/\.$/, '')}. Kept on this device; it will be sent when the connection returns.`;
}
