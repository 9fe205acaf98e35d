import { SMTPServer } from 'smtp-server';
import type { ServiceContext } from '../context';
import { newsletterFeedFor, receiveMail } from './receive-mail';

const maxMessageBytes = 10 * 1024 * 1024;

/** Listens for newsletter mail over SMTP; addresses that are no newsletter's are refused at RCPT. */
export function startSmtpListener(service: ServiceContext, port: number, host = '0.0.0.0'): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxMessageBytes,
    banner: 'Tidings newsletter inbox',
    logger: false,
    onRcptTo(address, _session, callback) {
      if (newsletterFeedFor(service, address.address)) return callback();
      const refused = Object.assign(new Error(`No newsletter has the address ${address.address}.`), { responseCode: 550 });
      return callback(refused);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          return callback(Object.assign(new Error('The message is larger than 10 MB.'), { responseCode: 552 }));
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
