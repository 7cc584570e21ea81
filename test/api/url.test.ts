import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/api/url.js';

// Whether a host is this machine decides whether plain http is allowed and whether a proxy is skipped.
describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.255.0.9', 'localhost', 'LOCALHOST', 'localhost.', '[::1]', '::1', '[::ffff:127.0.0.1]'])(
    '%s is loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each(['128.0.0.1', '10.0.0.1', '127.0.0.256', '1.127.0.0', '[::2]', '[fe80::1]', 'api.example.com', '127.0.0.1.example.com', 'local'])(
    '%s is not',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );

  it('reads hosts as URL gives them', () => {
    expect(isLoopbackHost(new URL('http://127.1/').hostname)).toBe(true);
    expect(isLoopbackHost(new URL('http://[0:0:0:0:0:0:0:1]:8080/').hostname)).toBe(true);
  });
});
