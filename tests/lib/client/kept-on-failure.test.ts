import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/client/api-client';
import { readFailure } from '@/lib/client/kept-on-failure';

describe('what a failed read does to what is shown', () => {
  it('shows nothing of a failure when there is none', () => {
    expect(readFailure(true, undefined)).toEqual({ instead: null, beside: null, signedOut: false });
  });

  it('puts the failure in place of the content when nothing was shown, whatever it is', () => {
    for (const status of [0, 401, 404, 503]) {
      const error = new ApiError(status, 'no');
      expect(readFailure(false, error)).toEqual({ instead: error, beside: null, signedOut: false });
    }
  });

  it('keeps what is shown through a failed refresh, telling the failure beside it', () => {
    const error = new ApiError(0, 'no network');
    expect(readFailure(true, error)).toEqual({ instead: null, beside: error, signedOut: false });
  });

  it('keeps what is shown when the session ended (401), asking to sign in instead of telling the failure', () => {
    expect(readFailure(true, new ApiError(401, 'Sign in'), { goneReplaces: true })).toEqual({ instead: null, beside: null, signedOut: true });
  });

  it('lets a 403 or 404 replace what is shown only where asked: the thing itself is gone or barred', () => {
    const gone = new ApiError(404, 'Not found');
    expect(readFailure(true, gone, { goneReplaces: true }).instead).toBe(gone);
    expect(readFailure(true, new ApiError(403, 'Locked'), { goneReplaces: true }).instead).toBeInstanceOf(ApiError);
    expect(readFailure(true, gone)).toEqual({ instead: null, beside: gone, signedOut: false });
  });
});
