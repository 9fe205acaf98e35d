import { describe, expect, it } from 'vitest';
import { ApiError, readAnswerBody } from '@/lib/client/api-client';

/** A body that sends `start` and then breaks, as one does when the connection drops mid-answer. */
function brokenBody(start: string, reason: Error): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(start));
      controller.error(reason);
    },
  });
}

describe('reading an answer from the service', () => {
  it('reads a JSON body, and no body as null', async () => {
    expect(await readAnswerBody(new Response('{"data":[]}', { status: 200 }))).toEqual({ data: [] });
    expect(await readAnswerBody(new Response(null, { status: 200 }))).toBeNull();
  });

  it('takes a success whose body was cut off for being offline, not for an empty success', async () => {
    const cut = new Response(brokenBody('{"data":[{"id":', new TypeError('terminated')), { status: 200 });
    const error = await readAnswerBody(cut).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });

  it('takes a success that is not JSON (a captive portal page) as no answer', async () => {
    const error = await readAnswerBody(new Response('<html>Sign in to the Wi-Fi</html>', { status: 200 })).catch((caught: unknown) => caught);
    expect((error as ApiError).status).toBe(0);
  });

  it('leaves an error status whose body is not JSON to its status, and lets an abort through as itself', async () => {
    expect(await readAnswerBody(new Response('<html>Bad gateway</html>', { status: 502 }))).toBeNull();
    const aborted = new Response(brokenBody('{', new DOMException('The user aborted a request.', 'AbortError')), { status: 200 });
    const error = await readAnswerBody(aborted).catch((caught: unknown) => caught);
    expect((error as Error).name).toBe('AbortError');
  });
});
