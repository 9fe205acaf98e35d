import { timingSafeEqual } from 'node:crypto';
import PostalMime from 'postal-mime';
import type { ServiceContext } from '../context';
import { readBoundedBody, type BodyLimit } from '../http/bounded-body';
import { fail } from '../http/errors';
import { newsletterFor, receiveMail } from './receive-mail';

const messageLimit: BodyLimit = { bytes: 10 * 1024 * 1024, words: '10 MB' };

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /v1/mail/inbound: a raw RFC 822 message from a mail relay, with the shared secret
 * (TIDINGS_MAIL_SECRET) as Bearer. Recipients come from `?to=` or else the message's headers.
 */
export async function receiveInboundHttp(service: ServiceContext, request: Request): Promise<Response> {
  const secret = service.config.mailSecret;
  if (!secret) throw fail(404, 'Inbound mail over HTTP is not enabled on this server.');
  const given = (request.headers.get('authorization') ?? '').match(/^Bearer\s+(\S+)$/i)?.[1] ?? '';
  if (!sameSecret(given, secret)) {
    return Response.json({ message: 'The inbound mail secret is missing or wrong.', error: 'unauthorized' }, { status: 401 });
  }
  const raw = await readBoundedBody(request, messageLimit);
  if (raw === null) throw fail(413, `The message is larger than ${messageLimit.words}.`);
  if (raw.byteLength === 0) throw fail(422, 'The body must be a raw RFC 822 message.');
  let recipients = new URL(request.url).searchParams.getAll('to');
  if (!recipients.length) {
    const headers = await PostalMime.parse(raw);
    recipients = [headers.deliveredTo, ...(headers.to ?? []).flatMap((to) => ('address' in to && to.address ? [to.address] : []))]
      .filter((address): address is string => Boolean(address));
  }
  const taken = await receiveMail(service, raw, recipients);
  if (!taken && (await Promise.all(recipients.map((address) => newsletterFor(service, address)))).some((newsletter) => newsletter?.paused)) {
    throw fail(409, 'The newsletter is paused; it takes mail again once resumed.');
  }
  if (!taken) throw fail(404, 'No newsletter has any of the message\'s recipient addresses.');
  return Response.json({ message: `The message was delivered to ${taken} newsletter${taken === 1 ? '' : 's'}.` }, { status: 202 });
}
