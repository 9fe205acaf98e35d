import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { AddressInfo } from 'node:net';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener } from '@/lib/service/mail/smtp-listener';
import { startHarness, type Harness } from '../harness';

const secret = 'inbound-secret-for-tests';
let harness: Harness;
let smtp: SMTPServer;
let port: number;

beforeAll(async () => {
  harness = await startHarness({ mailSecret: secret });
  smtp = await startSmtpListener(harness.service, 0, '127.0.0.1');
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await harness.stop();
});

async function newsletter(title: string) {
  const { key } = await harness.createUser({ plan: 'pro' });
  const created = await harness.call('POST', '/v1/subscriptions/newsletters', { key, body: { title } });
  return { key, address: created.body.newsletter_address as string, subscriptionId: created.body.id as string };
}

const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });

/** A new newsletter with one mail sent to it over SMTP. */
async function newsletterWithMail(title: string, mail: Mail.Options) {
  const letter = await newsletter(title);
  await transport().sendMail({ from: 'Sender <s@letters.example>', to: letter.address, subject: title, ...mail });
  return letter;
}

describe('newsletter mail', () => {
  it('turns mail sent over SMTP into a sanitized article of the newsletter', async () => {
    const { key, address, subscriptionId } = await newsletter('Field Notes');
    await transport().sendMail({
      from: 'Field Notes <editor@fieldnotes.example>', to: address, subject: 'Issue 12: Tides',
      html: '<h1>Tides</h1><p onclick="steal()">The moon pulls.</p><script>alert(1)</script><img src="https://t.example/p.gif" width="1" height="1">',
      date: new Date('2026-01-05T08:00:00Z'),
    });
    const items = await harness.call('GET', '/v1/items', { key, query: { subscription_ids: subscriptionId } });
    expect(items.body.data).toHaveLength(1);
    expect(items.body.data[0]).toMatchObject({ title: 'Issue 12: Tides', published_at: '2026-01-05T08:00:00.000Z' });
    const detail = await harness.call('GET', `/v1/items/${items.body.data[0].id}`, { key });
    expect(detail.body.author).toBe('Field Notes');
    expect(detail.body.content).toContain('The moon pulls.');
    expect(detail.body.content).not.toMatch(/script|onclick|p\.gif/);
  });

  it('makes the web addresses of a plain-text mail clickable links', async () => {
    const { key, subscriptionId } = await newsletterWithMail('Plain Links', { text: 'Read it at https://letters.example/issue-3.\n\nThanks.' });
    const items = await harness.call('GET', '/v1/items', { key, query: { subscription_ids: subscriptionId } });
    const detail = await harness.call('GET', `/v1/items/${items.body.data[0].id}`, { key });
    expect(detail.body.content).toBe('<p>Read it at <a href="https://letters.example/issue-3" target="_blank" rel="noopener noreferrer">https://letters.example/issue-3</a>.</p>\n<p>Thanks.</p>');
  });

  it('names the attachments it does not keep, and leaves no broken image or link into nowhere', async () => {
    const { key, subscriptionId } = await newsletterWithMail('Attached', {
      html: '<p><img src="cid:logo@letters.example" alt="Attached weekly"><img src="cid:rule@letters.example"> See the attached PDF. <a href="/unsubscribe">Unsubscribe</a></p>',
      attachments: [
        { filename: 'logo.png', content: Buffer.alloc(300), cid: 'logo@letters.example' },
        { filename: 'report.pdf', content: Buffer.alloc(1536 * 1024), contentType: 'application/pdf' },
        { filename: 'notes <1>.txt', content: 'short' },
      ],
    });
    const items = await harness.call('GET', '/v1/items', { key, query: { subscription_ids: subscriptionId } });
    const detail = await harness.call('GET', `/v1/items/${items.body.data[0].id}`, { key });
    expect(detail.body.content).toBe([
      '<p><span>Attached weekly</span> See the attached PDF. <a target="_blank" rel="noopener noreferrer">Unsubscribe</a></p>',
      '<p><em>This mail came with 2 attachments Tidings does not keep: report.pdf (1.5 MB), notes &lt;1&gt;.txt (5 bytes).</em></p>',
    ].join('\n'));
  });

  it('delivers mail to name+tag@ as to name@, the plus-addressing people use to sort sign-ups', async () => {
    const { key, address, subscriptionId } = await newsletter('Tagged');
    const tagged = address.replace('@', '+promo@');
    await transport().sendMail({ from: 's@letters.example', to: tagged, subject: 'Tagged issue', text: 'Hello' });
    const items = await harness.call('GET', '/v1/items', { key, query: { subscription_ids: subscriptionId } });
    expect(items.body.data.map((item: { title: string }) => item.title)).toEqual(['Tagged issue']);
    await expect(transport().sendMail({ from: 's@letters.example', to: 'nobody+promo@mail.tidings.local', subject: 'Hi', text: 'Hello' }))
      .rejects.toMatchObject({ responseCode: 550 });
  });

  it('refuses mail to a paused newsletter at RCPT with 450 and a reason, and takes it again once resumed', async () => {
    const { key, address, subscriptionId } = await newsletter('Paused Letters');
    const mail = { from: 's@letters.example', to: address, text: 'Hello' };
    await harness.call('PATCH', '/v1/subscriptions', { key, body: { subscription_ids: [subscriptionId], action: 'pause' } });
    await expect(transport().sendMail({ ...mail, subject: 'While paused' }))
      .rejects.toMatchObject({ responseCode: 450, response: expect.stringContaining(`The newsletter at ${address} is paused`) });
    const raw = `From: s@letters.example\r\nTo: ${address}\r\nSubject: Relayed while paused\r\n\r\nHello\r\n`;
    const relayed = await harness.call('POST', '/v1/mail/inbound', { rawBody: raw, headers: { authorization: `Bearer ${secret}` } });
    expect(relayed).toMatchObject({ status: 409, body: { message: 'The newsletter is paused; it takes mail again once resumed.' } });

    await harness.call('PATCH', '/v1/subscriptions', { key, body: { subscription_ids: [subscriptionId], action: 'resume' } });
    await transport().sendMail({ ...mail, subject: 'After resuming' });
    const items = await harness.call('GET', '/v1/items', { key, query: { subscription_ids: subscriptionId } });
    expect(items.body.data.map((item: { title: string }) => item.title)).toEqual(['After resuming']);
  });

  it('refuses mail to the address of a newsletter no one is subscribed to any more', async () => {
    const { key, address, subscriptionId } = await newsletter('Left Behind');
    await harness.call('DELETE', `/v1/subscriptions/${subscriptionId}`, { key });
    await expect(transport().sendMail({ from: 's@letters.example', to: address, subject: 'Hi', text: 'Hello' }))
      .rejects.toMatchObject({ responseCode: 550 });
  });

  it('refuses mail to an address no newsletter has, at RCPT', async () => {
    await expect(transport().sendMail({ from: 'a@example.org', to: 'nobody@mail.tidings.local', subject: 'Hi', text: 'Hello' }))
      .rejects.toMatchObject({ responseCode: 550 });
  });

  it('takes a raw message over HTTP with the shared secret', async () => {
    const { key, address } = await newsletter('Raw Letters');
    const raw = `From: Sender <s@example.org>\r\nTo: ${address}\r\nSubject: Plain words\r\nMessage-ID: <m1@example.org>\r\nDate: Mon, 05 Jan 2026 09:00:00 +0000\r\n\r\nFirst paragraph.\r\n\r\nSecond paragraph.\r\n`;
    const wrong = await harness.call('POST', '/v1/mail/inbound', { rawBody: raw, headers: { authorization: 'Bearer nope', 'content-type': 'message/rfc822' } });
    expect(wrong.status).toBe(401);
    const sent = await harness.call('POST', '/v1/mail/inbound', { rawBody: raw, headers: { authorization: `Bearer ${secret}`, 'content-type': 'message/rfc822' } });
    expect(sent.status).toBe(202);
    const again = await harness.call('POST', '/v1/mail/inbound', { rawBody: raw, headers: { authorization: `Bearer ${secret}`, 'content-type': 'message/rfc822' } });
    expect(again.status).toBe(202);
    const items = await harness.call('GET', '/v1/items', { key });
    expect(items.body.data.map((item: { title: string }) => item.title)).toEqual(['Plain words']);
    const detail = await harness.call('GET', `/v1/items/${items.body.data[0].id}`, { key });
    expect(detail.body.content).toBe('<p>First paragraph.</p>\n<p>Second paragraph.</p>');
    const stranger = raw.replace(address, 'unknown@mail.tidings.local');
    expect((await harness.call('POST', '/v1/mail/inbound', { rawBody: stranger, headers: { authorization: `Bearer ${secret}` } })).status).toBe(404);
  });
});
