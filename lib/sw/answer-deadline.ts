/*
 * Network-first with no kept copy waits for the network for ever, and a connection that takes
 * requests and passes nothing (a dead hotspot, a captive portal) never fails. A deadline on the
 * answer's first bytes ends that wait; even a slow link brings them well within it.
 */

/** How long an answer with no kept copy to fall back on may take to begin. */
export const answerDeadlineMs = 10_000;

/** The answer, or undefined once `ms` pass without one; a failure still rejects. */
export async function withinDeadline<T>(answer: Promise<T>, ms = answerDeadlineMs): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What an API read gets when the deadline passes with nothing kept: a 504 saying so, rather
 * than a network error the page would take for being offline while the link is only slow.
 * `toldWhenLate`: the worker will tell the page when the answer lands (item reads do).
 */
export function tooSlowAnswer(toldWhenLate: boolean): Response {
  const next = toldWhenLate ? 'This shows as soon as it arrives.' : 'Try again in a moment.';
  return Response.json(
    { message: `No answer came in time: the connection is very slow. ${next}` },
    { status: 504, headers: { 'cache-control': 'no-store' } },
  );
}
