/**
 * A private certificate authority and a server certificate it signed for 127.0.0.1 and localhost (and any
 * further `names`, e.g. a made-up host reached through a test proxy), made with openssl at test time
 * (nothing secret is kept in the repository).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Certificates {
  /** Path of the CA's certificate (PEM), for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  serverKey: string;
  serverCert: string;
}

export function makeCertificates(dir: string, names: readonly string[] = []): Certificates {
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=tix test CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
  );
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', file('server.key'), '-out', file('server.csr'));
  writeFileSync(
    file('server.ext'),
    `subjectAltName=${['IP:127.0.0.1', 'DNS:localhost', ...names.map((name) => `DNS:${name}`)].join(',')}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n`,
  );
  openssl(
    'x509',
    '-req',
    '-days',
    '2',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-extfile',
    file('server.ext'),
    '-out',
    file('server.pem'),
  );
  return {
    caFile: file('ca.pem'),
    serverKey: readFileSync(file('server.key'), 'utf8'),
    serverCert: readFileSync(file('server.pem'), 'utf8'),
  };
}
