import { describe, expect, it } from 'vitest';
import { isPrivateHost } from '../../worker/src/domain/private-address';

const hostOf = (url: string) => new URL(url).hostname;

describe('isPrivateHost', () => {
  it.each([
    'http://localhost/',
    'http://LOCALHOST./',
    'http://api.localhost/',
    'http://printer.local/',
    'http://127.0.0.1/',
    'http://127.1.2.3:8080/',
    'http://2130706433/', // 127.0.0.1 in decimal
    'http://0x7f.1/',
    'http://0.0.0.0/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    // IPv6 forms a hand-written parser missed.
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2002:7f00:1::]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[fec0::1]/',
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', // Teredo
    'http://[ff02::1]/',
    'http://255.255.255.255/',
  ])('refuses %s', (url) => {
    expect(isPrivateHost(hostOf(url))).toBe(true);
  });

  it.each(['https://example.org/', 'http://8.8.8.8/', 'http://172.32.0.1/', 'http://192.169.0.1/', 'http://[2606:4700::1111]/', 'http://localhost.example.com/'])(
    'allows the public address %s',
    (url) => {
      expect(isPrivateHost(hostOf(url))).toBe(false);
    },
  );
});
