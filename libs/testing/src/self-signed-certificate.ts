import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SelfSignedCertificate {
  /** PEM; the certificate is its own CA, so trusting it is trusting this one certificate. */
  cert: string;
  key: string;
}

/**
 * A P-256 certificate for 127.0.0.1 (and localhost), signed by itself and valid for a day, made with
 * `openssl`: for a local HTTPS endpoint that a client trusts as an extra CA, verification left on.
 */
export function makeSelfSignedCertificate(): SelfSignedCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'self-signed-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
        .concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'])
        .concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
      { stdio: 'ignore' },
    );
    return {
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
    };
  } catch (error) {
    throw new Error(`openssl could not make a certificate (apt-get install -y openssl): ${String(error)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
