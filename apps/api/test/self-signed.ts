import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A throwaway self-signed certificate for 127.0.0.1 (P-256, one day), made by Debian's openssl in a
 * new temporary folder: for the tests and benches that run the server over HTTPS and HTTP/2.
 */
export function selfSignedCertificate(): { certFile: string; keyFile: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'fourfour-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  // biome-ignore format: one openssl command, its options in pairs
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' });
  return { certFile, keyFile };
}
