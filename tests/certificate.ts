/*
 * A throwaway self-signed certificate for 127.0.0.1, for serving the app over HTTPS in the tests
 * and the benchmarks (lib/server/https-front.ts). Made with openssl; Node cannot make one.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The env that serves over HTTPS with a fresh certificate written into `dir`. */
export function selfSignedCertificate(dir: string): { TIDINGS_TLS_CERT: string; TIDINGS_TLS_KEY: string } {
  const cert = path.join(dir, 'test-cert.pem'), key = path.join(dir, 'test-key.pem');
  const made = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert,
  ], { encoding: 'utf8' });
  if (made.error || made.status !== 0) {
    throw new Error(`Making a test certificate needs openssl (apt-get install -y openssl): ${made.error?.message ?? made.stderr}`);
  }
  return { TIDINGS_TLS_CERT: cert, TIDINGS_TLS_KEY: key };
}
