import 'server-only';
import { demoArtworkPng, demoAudioWav, parseDemoMediaName } from '@/lib/service/cli/demo-media';

/*
 * Answers the demo podcast's audio and artwork (lib/service/cli/demo-media.ts) from this
 * app's own origin: made by code on each request, nothing fetched, with byte ranges as
 * players and downloads ask for them. Only names of that module's form are answered.
 */

const byteRange = /^bytes=(\d*)-(\d*)$/;

/** The bytes of one demo file, or null when the name is none of them. */
function demoFile(name: string): { bytes: Buffer; type: string } | null {
  const parsed = parseDemoMediaName(name);
  if (!parsed) return null;
  return parsed.kind === 'audio'
    ? { bytes: demoAudioWav(parsed.source, parsed.episode), type: 'audio/wav' }
    : { bytes: demoArtworkPng(parsed.source), type: 'image/png' };
}

/** Answers a demo file by name, whole or the Range asked for (206, or 416 past its end); 404 for any other name. */
export function demoMediaResponse(name: string, range: string | null): Response {
  const file = demoFile(name);
  if (!file) return Response.json({ message: `There is no demo file named ${name}.` }, { status: 404, headers: { 'cache-control': 'no-store' } });
  const { bytes } = file;
  const headers = new Headers({
    'content-type': file.type, 'accept-ranges': 'bytes', 'cache-control': 'private, max-age=86400, no-transform',
    'x-content-type-options': 'nosniff', etag: `"demo-${name}"`,
  });
  const asked = range ? byteRange.exec(range.trim()) : null;
  if (!asked || (!asked[1] && !asked[2])) {
    headers.set('content-length', String(bytes.length));
    return new Response(new Uint8Array(bytes), { status: 200, headers });
  }
  const start = asked[1] ? Number(asked[1]) : Math.max(0, bytes.length - Number(asked[2]));
  const end = asked[1] && asked[2] ? Math.min(Number(asked[2]), bytes.length - 1) : bytes.length - 1;
  if (start >= bytes.length || start > end) {
    headers.set('content-range', `bytes */${bytes.length}`);
    return new Response(null, { status: 416, headers });
  }
  headers.set('content-range', `bytes ${start}-${end}/${bytes.length}`);
  headers.set('content-length', String(end - start + 1));
  return new Response(new Uint8Array(bytes.subarray(start, end + 1)), { status: 206, headers });
}
