/*
 * The domain's own errors: what went wrong, in the reader's terms, with no HTTP in sight.
 * lib/service/http/errors.ts maps each kind to its status and SPEC.md body; the sync
 * protocols and the CLI map them their own way.
 */

/** What kind of refusal a domain error is. */
export type DomainErrorKind =
  | 'bad_request' // the request cannot be carried out as asked
  | 'plan_limit' // the account's plan does not allow it
  | 'not_found' // a named thing does not exist for this account
  | 'conflict' // a name is already taken
  | 'too_large' // more than one request may carry
  | 'invalid' // one or more fields are invalid; the message holds one sentence per field
  | 'too_soon' // asked again before the domain allows
  | 'unavailable'; // something outside (a feed server, time) stopped it; retry later

/** A refusal by the domain, with the sentence a person reads. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** For `too_soon`: whole seconds until it may be asked again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The request cannot be carried out as asked. */
export function badRequest(message: string): DomainError {
  return new DomainError('bad_request', message);
}

/** The account's plan does not allow this. */
export function planLimit(message: string): DomainError {
  return new DomainError('plan_limit', message);
}

/** A named thing does not exist for this account. */
export function notFound(message: string): DomainError {
  return new DomainError('not_found', message);
}

/** A name is already taken. */
export function conflict(message: string): DomainError {
  return new DomainError('conflict', message);
}

/** More than one request may carry. */
export function tooLarge(message: string): DomainError {
  return new DomainError('too_large', message);
}

/** Invalid fields: one sentence each. */
export function invalidFields(sentences: string[]): DomainError {
  return new DomainError('invalid', sentences.join(' '));
}

/** Asked again before the domain allows; `seconds` until it may be asked again. */
export function tooSoon(message: string, seconds: number): DomainError {
  return new DomainError('too_soon', message, Math.max(1, Math.ceil(seconds)));
}

/** Something outside the service stopped it; retrying later may work. */
export function unavailable(message: string): DomainError {
  return new DomainError('unavailable', message);
}
