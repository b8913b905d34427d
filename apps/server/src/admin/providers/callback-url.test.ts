import { describe, expect, it } from 'vitest';
import { callbackUrlsOf } from './providers.routes.js';

describe('the callback URL a provider must call', () => {
  it('keeps the public URL’s port and scheme on each of the tenant’s domains', () => {
    expect(callbackUrlsOf('http://localhost:8193', ['127.0.0.1', 'localhost'], 'paymongo')).toEqual([
      'http://127.0.0.1:8193/app-api/pay/webhook/paymongo',
      'http://localhost:8193/app-api/pay/webhook/paymongo',
    ]);
  });

  it('leaves out a default port', () => {
    expect(callbackUrlsOf('https://drama.example', ['ph.drama.example'], 'xendit')).toEqual([
      'https://ph.drama.example/app-api/pay/webhook/xendit',
    ]);
    expect(callbackUrlsOf('https://drama.example:443/', ['a.example'], 'vnpay')).toEqual([
      'https://a.example/app-api/pay/webhook/vnpay',
    ]);
  });
});
