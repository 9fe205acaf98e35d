import { SMTPServer } from 'smtp-server';
import type { ServiceContext } from '../context';
import { newsletterFor, receiveMail } from './receive-mail';

const maxMessageBytes = 10 * 1024 * 1024;

function refusal(responseCode: number, sentence: string): Error {
  return Object.assign(new Error(sentence), { responseCode });
}

/** Listens for newsletter mail over SMTP; addresses that are no newsletter's, or a paused one's, are refused at RCPT. */
export function startSmtpListener(service: ServiceContext, port: number, host = '0.0.0.0'): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxMessageBytes,
    banner: 'Tidings newsletter inbox',
    logger: false,
    onRcptTo(address, _session, callback) {
      newsletterFor(service, address.address).then((newsletter) => {
        if (!newsletter) return callback(refusal(550, `No newsletter has the address ${address.address}.`));
        // 450, not 550: a pause is temporary, the sender retries, and a hard bounce makes mailing lists drop the address for good.
        if (newsletter.paused) return callback(refusal(450, `The newsletter at ${address.address} is paused; it takes mail again once resumed.`));
        return callback();
      }, (error: Error) => callback(error));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          return callback(refusal(552, 'The message is larger than 10 MB.'));
        }
        receiveMail(service, Buffer.concat(chunks), session.envelope.rcptTo.map((rcpt) => rcpt.address))
          .then(() => callback(), (error: Error) => callback(error));
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
