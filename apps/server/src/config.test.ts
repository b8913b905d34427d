import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults: port 8080, embedded database in ./data, no demo content', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      databaseUrl: undefined,
      dataDir: './data',
      mediaDir: './data/media',
      publicUrl: 'http://localhost:8080',
      demoContent: false,
    });
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '9000',
      DATABASE_URL: 'postgres://u@db:5432/ds',
      DB_POOL_MAX: '20',
      DATA_DIR: '/var/lib/ds',
      MEDIA_DIR: '/srv/media',
      PUBLIC_URL: 'https://dramastar.example/',
      LOG_LEVEL: 'warn',
      DEMO_CONTENT: '1',
      TRUST_PROXY: 'true',
      BODY_LIMIT_BYTES: '2048',
      SHUTDOWN_TIMEOUT_MS: '500',
    });
    expect(config).toMatchObject({
      env: 'production',
      host: '127.0.0.1',
      port: 9000,
      databaseUrl: 'postgres://u@db:5432/ds',
      dbPoolMax: 20,
      dataDir: '/var/lib/ds',
      mediaDir: '/srv/media',
      publicUrl: 'https://dramastar.example',
      logLevel: 'warn',
      demoContent: true,
      trustProxy: true,
      bodyLimitBytes: 2048,
      shutdownTimeoutMs: 500,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 8080 });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['DEMO_CONTENT', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'not a url'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
