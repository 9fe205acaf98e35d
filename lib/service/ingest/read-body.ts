import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import { FetchError } from './fetch-error';

/** The size refusal in words a person reads: "10 MB", not "10485760-byte". */
function tooLarge(maxBytes: number): FetchError {
  const megabytes = maxBytes / (1024 * 1024);
  const limit = megabytes >= 1 ? `${Number(megabytes.toFixed(1))} MB` : `${Math.ceil(maxBytes / 1024)} KB`;
  return new FetchError('too_large', `The document is larger than ${limit}, the most this reader fetches.`);
}

/** Reads a response's body, decompressed, refusing it (FetchError 'too_large') past `maxBytes`. */
export function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const declared = Number(response.headers['content-length']);
  if (!encoding && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(tooLarge(maxBytes));
  }
  let stream: NodeJS.ReadableStream = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = response.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = response.pipe(zlib.createBrotliDecompress());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    });
    let ended = false;
    stream.on('end', () => {
      ended = true;
      resolve(Buffer.concat(chunks));
    });
    stream.on('error', reject);
    response.on('error', reject);
    response.on('close', () => {
      if (!response.complete && !ended) reject(new Error('The connection closed before the body was complete.'));
    });
  });
}
