import 'server-only';
import type { ItemDetail } from '@/lib/contract/items';
import { serviceConfig } from '@/lib/service/config';
import { formBodyLimit, refuseBodyOver } from '@/lib/service/http/bounded-body';
import { demoMediaNameOf } from '@/lib/service/cli/demo-media';
import { AudioFetchError, fetchEpisodeAudio } from './audio-fetch';
import { demoMediaResponse } from './demo-media';
import { proxy } from './proxy';

/*
 * GET /api/episode-audio/<itemId>: an episode's audio from this app's own origin, so the
 * service worker can keep it for listening offline and serve it back with byte ranges.
 * The item is read through the proxy, with the session's credential in either mode, and
 * only that item's own enclosure is fetched: this is no proxy for any other address.
 */

/** Types a host may give its audio; anything else (HTML above all) is served as bytes. */
const playableType = /^(audio\/|video\/|application\/(octet-stream|ogg)\b)/i;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function refuse(status: number, message: string): Response {
  return Response.json({ message }, { status, headers: { 'cache-control': 'no-store' } });
}

/** The enclosure of an episode the caller can read, or the answer that says why there is none. */
async function enclosureOf(itemId: string, request: Request): Promise<{ url: string; setCookie: string | null } | Response> {
  // Read through the proxy itself: its sign-in check, credential, ended sessions and passed-on refusals (401, 429…) apply as they are.
  const itemUrl = new URL(`/api/v1/items/${encodeURIComponent(itemId)}`, request.url);
  const answer = await proxy(new Request(itemUrl, { headers: request.headers }), ['items', itemId]);
  // A malformed id is refused by the service's validation (422); to a player it is as missing as an unknown one.
  if (answer.status === 404 || (answer.status === 422 && !uuid.test(itemId))) return refuse(404, `There is no episode with the id ${itemId}.`);
  if (answer.status !== 200) return answer;
  const item = (await answer.json()) as Pick<ItemDetail, 'item_type' | 'audio_url'>;
  if (item.item_type !== 'episode') return refuse(404, 'This item is an article, not an episode: it has no audio.');
  if (!item.audio_url) return refuse(404, 'This episode has no audio file.');
  return { url: item.audio_url, setCookie: answer.headers.get('set-cookie') };
}

/** Answers GET /api/episode-audio/<itemId> for a signed-in session: the episode's audio, streamed, ranges passed through. */
export async function episodeAudio(request: Request, itemId: string): Promise<Response> {
  // A GET takes no body: one announced past the form limit is refused, as on every route.
  const tooLarge = await refuseBodyOver(request, formBodyLimit);
  if (tooLarge) return tooLarge;
  const enclosure = await enclosureOf(itemId, request);
  if (enclosure instanceof Response) return enclosure;
  // The demo podcast's audio is this app's own, made by code: answered here, never fetched (its address is no host's).
  const demoName = demoMediaNameOf(enclosure.url);
  if (demoName) {
    const demo = demoMediaResponse(demoName, request.headers.get('range'));
    demo.headers.set('cache-control', 'private, no-store, no-transform');
    if (enclosure.setCookie) demo.headers.append('set-cookie', enclosure.setCookie);
    return demo;
  }
  try {
    const audio = await fetchEpisodeAudio(enclosure.url, {
      range: request.headers.get('range'),
      ifRange: request.headers.get('if-range'),
      allowPrivate: serviceConfig().allowPrivateUrls,
      signal: request.signal,
    });
    // no-transform: the server must not compress it, or byte ranges would no longer match the file.
    audio.headers.set('cache-control', 'private, no-store, no-transform');
    // The host's bytes are served from this app's origin: never as a page or script that could act as the app.
    if (!playableType.test(audio.headers.get('content-type') ?? '')) audio.headers.set('content-type', 'application/octet-stream');
    audio.headers.set('x-content-type-options', 'nosniff');
    audio.headers.set('content-security-policy', "default-src 'none'; sandbox");
    if (enclosure.setCookie) audio.headers.append('set-cookie', enclosure.setCookie);
    // Content-Length is set (the host's, or counted from a 206's Content-Range), but Next 16's
    // sendResponse drops it from every route handler's answer, so on the wire the body is chunked:
    // players and downloads learn the size from Content-Range (downloads ask for bytes=0- for that).
    return audio;
  } catch (error) {
    if (error instanceof AudioFetchError) return refuse(error.status, error.message);
    if ((error as Error).name === 'AbortError') return refuse(499, 'The request was cancelled.');
    throw error;
  }
}
