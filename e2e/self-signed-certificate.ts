import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SelfSignedCertificate {
  certFile: string;
  keyFile: string;
  cert: string;
  key: string;
}

/**
 * A self-signed server certificate for `localhost` only (no IP address in it), made with the openssl
 * command, which Dovecot's Debian package depends on: wherever the suite can start Dovecot, it can
 * make this certificate. Its own configuration, so that nothing depends on the system's openssl.cnf.
 */
export function selfSignedCertificate(dir: string): SelfSignedCertificate {
  mkdirSync(dir, { recursive: true });
  const configFile = path.join(dir, 'openssl.cnf');
  const certFile = path.join(dir, 'localhost.crt');
  const keyFile = path.join(dir, 'localhost.key');
  writeFileSync(
    configFile,
    [
      '[req]',
      'distinguished_name = dn',
      'x509_extensions = server',
      'prompt = no',
      '[dn]',
      'CN = localhost',
      '[server]',
      'subjectAltName = DNS:localhost',
      'basicConstraints = critical, CA:FALSE',
      'keyUsage = critical, digitalSignature',
      'extendedKeyUsage = serverAuth',
      '',
    ].join('\n'),
  );
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-config',
        configFile,
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-sha256',
        '-days',
        '2',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (error) {
    const detail = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`could not make the test certificate with openssl (apt-get install -y openssl): ${detail || String(error)}`, {
      cause: error,
    });
  }
  return { certFile, keyFile, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}
