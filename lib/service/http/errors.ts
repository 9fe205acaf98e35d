import type { AuthError, GeneralError, RateLimitError } from '@/lib/contract/common';
import { DomainError, type DomainErrorKind } from '../domain/errors';

type ErrorBody = GeneralError | AuthError | RateLimitError;

/** An error the service answers with: a status, one of SPEC.md's three body kinds, headers. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }

  /** The error as the HTTP answer. */
  toResponse(): Response {
    return Response.json(this.body, { status: this.status, headers: this.headers });
  }
}

/** A general error: `{ message }`. */
export function fail(status: number, message: string): ServiceError {
  return new ServiceError(status, { message });
}

/** 401 with the authentication body. */
export function unauthorized(message: string): ServiceError {
  return new ServiceError(401, { message, error: 'unauthorized' }, { 'WWW-Authenticate': 'Bearer' });
}

/** 403 with the authentication body. */
export function forbidden(message: string): ServiceError {
  return new ServiceError(403, { message, error: 'forbidden' });
}

/** 429 with `Retry-After` in whole seconds, in the header and the body. */
export function rateLimited(retryAfterSeconds: number): ServiceError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ServiceError(
    429,
    { message: `Rate limit exceeded; retry in ${seconds} seconds.`, retry_after: seconds },
    { 'Retry-After': String(seconds) },
  );
}

const statusOf: Record<DomainErrorKind, number> = {
  bad_request: 400, plan_limit: 402, not_found: 404, conflict: 409, too_large: 413, invalid: 422, too_soon: 429, unavailable: 503,
};

/** A domain refusal as the service's answer: its status and SPEC.md body. */
export function fromDomainError(error: DomainError): ServiceError {
  if (error.kind === 'too_soon') {
    const seconds = error.retryAfterSeconds ?? 1;
    return new ServiceError(429, { message: error.message, retry_after: seconds }, { 'Retry-After': String(seconds) });
  }
  return fail(statusOf[error.kind], error.message);
}

/** Whatever was thrown, as a service error when it is a refusal (domain or HTTP), else undefined. */
export function asServiceError(error: unknown): ServiceError | undefined {
  if (error instanceof ServiceError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  return undefined;
}
