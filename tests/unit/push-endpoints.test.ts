/** Which Web Push endpoints the server delivers to (any URL was accepted). */
import { describe, expect, it } from 'vitest';
import { isAcceptedPushEndpoint } from '../../worker/src/domain/push-endpoints';

const production = { extraHosts: [], deliveredToLoopback: false };

describe('isAcceptedPushEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGx3',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('accepts the browsers’ push service %s', (endpoint) => {
    expect(isAcceptedPushEndpoint(endpoint, production)).toBe(true);
  });

  it.each([
    'https://127.0.0.1/push',
    'https://localhost:8443/push',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/push',
    'https://10.0.0.7/push',
    'http://localhost@evil.example/push',
    'https://fcm.googleapis.com@evil.example/x',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilpush.apple.com.example/x',
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://push.services.mozilla.com.evil/x',
    'pas une URL',
  ])('refuses %s', (endpoint) => {
    expect(isAcceptedPushEndpoint(endpoint, production)).toBe(false);
  });

  it('accepts a configured self-hosted service, and anything on the loopback service outside production', () => {
    expect(isAcceptedPushEndpoint('https://push.example.org/x', { extraHosts: ['push.example.org'], deliveredToLoopback: false })).toBe(true);
    expect(isAcceptedPushEndpoint('https://a.push.example.org/x', { extraHosts: ['.push.example.org'], deliveredToLoopback: false })).toBe(true);
    expect(isAcceptedPushEndpoint('https://push.astrolabe.test/push/1', { extraHosts: [], deliveredToLoopback: true })).toBe(true);
    expect(isAcceptedPushEndpoint('http://localhost@evil.example/x', { extraHosts: [], deliveredToLoopback: true })).toBe(false);
  });
});
