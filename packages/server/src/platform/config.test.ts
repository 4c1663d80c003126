import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));

describe('loadConfig', () => {
  it('gives every variable its default', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      nodeEnv: 'development',
      production: false,
      smtpUrl: undefined,
      mailFrom: 'Curlew <no-reply@curlew.example>',
      signUpEnabled: true,
      publicRegistry: true,
      signUpsPerAddressPerHour: 10,
      sessionIdleMinutes: 60,
      sessionAbsoluteHours: 12,
      demoPassword: 'curlew-demo-2026',
      trustProxy: false,
      logLevel: 'info',
      publicUrl: 'http://localhost:3000',
      webDistDir: path.join(repositoryRoot, 'packages/web/dist'),
      backupDir: path.resolve('./data', 'backups'),
      backupDaily: true,
      backupKeep: 7,
      metricsToken: undefined,
      shutdownGraceSeconds: 20,
    });
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      NODE_ENV: 'production',
      SIGN_UP_ENABLED: 'false',
      PUBLIC_REGISTRY: 'off',
      SIGN_UPS_PER_ADDRESS_PER_HOUR: '50',
      SESSION_IDLE_MINUTES: '15',
      TRUST_PROXY: '2',
      PUBLIC_URL: 'https://curlew.example/',
      DATABASE_URL: 'postgres://u@db:5432/curlew',
      WEB_DIST_DIR: '/srv/curlew/web',
      BACKUP_DIR: '/srv/curlew/backups',
      BACKUP_DAILY: 'false',
      BACKUP_KEEP: '30',
    });
    expect(config).toMatchObject({
      port: 8080,
      production: true,
      signUpEnabled: false,
      publicRegistry: false,
      signUpsPerAddressPerHour: 50,
      sessionIdleMinutes: 15,
      trustProxy: 2,
      publicUrl: 'https://curlew.example',
      databaseUrl: 'postgres://u@db:5432/curlew',
      webDistDir: '/srv/curlew/web',
      backupDir: '/srv/curlew/backups',
      backupDaily: false,
      backupKeep: 30,
    });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it("reads TRUST_PROXY 'true' as the one proxy in front, never as every hop", () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', SIGN_UP_ENABLED: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', SIGN_UP_ENABLED: 'maybe' })).toThrow(/PORT.*SIGN_UP_ENABLED/);
  });

  it('makes a relative WEB_DIST_DIR absolute against the working folder', () => {
    expect(loadConfig({ WEB_DIST_DIR: 'web-build' }).webDistDir).toBe(path.resolve('web-build'));
  });

  it('refuses an empty WEB_DIST_DIR with a clear message', () => {
    expect(() => loadConfig({ WEB_DIST_DIR: '' })).toThrow(
      'Invalid configuration: WEB_DIST_DIR must name a folder (unset it for the default)',
    );
  });
});
