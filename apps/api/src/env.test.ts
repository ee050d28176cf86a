import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('gives the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      SEED_DEMO: true,
      TRUST_PROXY: false,
    });
    expect(env.DATA_DIR).toBe(path.resolve('./data'));
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads overrides', () => {
    const env = parseEnv({
      PORT: '8080',
      DATA_DIR: '/srv/shop',
      DATABASE_URL: 'postgres://u@h/db',
      SEED_DEMO: 'false',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      DATA_DIR: '/srv/shop',
      DATABASE_URL: 'postgres://u@h/db',
      SEED_DEMO: false,
    });
  });

  it('stops with one line naming each wrong variable', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /^Invalid environment: PORT must be a port number; DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/$/,
    );
    expect(() => parseEnv({ PUBLIC_URL: 'shop.example.com' })).toThrow(/PUBLIC_URL must be an absolute URL/);
    expect(() => parseEnv({ LOG_LEVEL: 'verbose' })).toThrow(
      /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent$/,
    );
  });

  it('reads the mail and SMS transports, and names a wrong one', () => {
    const env = parseEnv({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      SMS_WEBHOOK_TOKEN: 't',
    });
    expect(env).toMatchObject({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'Shopfront <no-reply@localhost>',
      SMS_WEBHOOK_TOKEN: 't',
    });
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(() => parseEnv({ SMTP_URL: 'mail.example.com' })).toThrow(
      /^Invalid environment: SMTP_URL must start with smtp:\/\/ or smtps:\/\/$/,
    );
    expect(() => parseEnv({ SMS_WEBHOOK_URL: 'sms' })).toThrow(/SMS_WEBHOOK_URL must be an absolute URL/);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, never "trust everyone"', () => {
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8']);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.2,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.2',
      'fd00::/8',
      'loopback',
    ]);
    // '0.0.0.0/0', '::/0' and 99 hops would trust everyone, like the refused 'true'.
    const wrongs = [
      'true',
      'yes',
      '10.0.0.0/33',
      '10.0.0/8',
      'proxy.example.com',
      '10.0.0.0/8,',
      '1.5',
      '0.0.0.0/0',
      '::/0',
      '99',
      '6',
    ];
    for (const wrong of wrongs) {
      expect(() => parseEnv({ TRUST_PROXY: wrong }), wrong).toThrow(
        /^Invalid environment: TRUST_PROXY must be false, the number of proxies in front of the shop \(1 to 5\) or their addresses/,
      );
    }
  });

  it('keeps the outbox page off unless DEV_OUTBOX is set, and reads the shutdown grace period', () => {
    expect(parseEnv({}).DEV_OUTBOX).toBe(false);
    expect(parseEnv({ NODE_ENV: 'development' }).DEV_OUTBOX).toBe(false);
    expect(parseEnv({ DEV_OUTBOX: 'true' }).DEV_OUTBOX).toBe(true);
    expect(() => parseEnv({ DEV_OUTBOX: 'on' })).toThrow(/^Invalid environment: DEV_OUTBOX must be true or false$/);
    expect(parseEnv({}).SHUTDOWN_GRACE_MS).toBe(10_000);
    expect(parseEnv({ SHUTDOWN_GRACE_MS: '500' }).SHUTDOWN_GRACE_MS).toBe(500);
    expect(() => parseEnv({ SHUTDOWN_GRACE_MS: 'soon' })).toThrow(/SHUTDOWN_GRACE_MS must be a number of milliseconds/);
  });

  it('turns the sandbox gateway (fake money) on by default only in the demo shop; an explicit value wins', () => {
    expect(parseEnv({}).SANDBOX_GATEWAY).toBe(true);
    expect(parseEnv({ SEED_DEMO: 'true' }).SANDBOX_GATEWAY).toBe(true);
    expect(parseEnv({ SEED_DEMO: 'false' }).SANDBOX_GATEWAY).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'false' }).SANDBOX_GATEWAY).toBe(false);
    expect(parseEnv({ SEED_DEMO: 'false', SANDBOX_GATEWAY: 'true' }).SANDBOX_GATEWAY).toBe(true);
    expect(parseEnv({ SEED_DEMO: 'true', SANDBOX_GATEWAY: 'false' }).SANDBOX_GATEWAY).toBe(false);
    expect(parseEnv({ SEED_DEMO: '0', SANDBOX_GATEWAY: '1' }).SANDBOX_GATEWAY).toBe(true);
    // An empty value counts as unset, as for every variable.
    expect(parseEnv({ SEED_DEMO: 'false', SANDBOX_GATEWAY: '' }).SANDBOX_GATEWAY).toBe(false);
    expect(() => parseEnv({ SANDBOX_GATEWAY: 'yes' })).toThrow(
      /^Invalid environment: SANDBOX_GATEWAY must be true or false$/,
    );
  });

  it('names the services demo in SEED_DEMO (issue 27), with the sandbox on as in the product demo', () => {
    expect(parseEnv({ SEED_DEMO: 'services' })).toMatchObject({ SEED_DEMO: 'services', SANDBOX_GATEWAY: true });
    expect(parseEnv({ SEED_DEMO: 'products' }).SEED_DEMO).toBe(true);
    expect(() => parseEnv({ SEED_DEMO: 'parcels' })).toThrow(
      /^Invalid environment: SEED_DEMO must be true, false, products or services$/,
    );
  });

  it('reads ADMIN_ORIGIN as a bare origin, written as the browser writes it, and refuses anything more', () => {
    expect(parseEnv({}).ADMIN_ORIGIN).toBeUndefined();
    expect(parseEnv({ ADMIN_ORIGIN: 'https://admin.example.com' }).ADMIN_ORIGIN).toBe('https://admin.example.com');
    expect(parseEnv({ ADMIN_ORIGIN: 'http://127.0.0.1:5173/' }).ADMIN_ORIGIN).toBe('http://127.0.0.1:5173');
    expect(parseEnv({ ADMIN_ORIGIN: 'HTTPS://Admin.Example.com:443' }).ADMIN_ORIGIN).toBe('https://admin.example.com');
    for (const wrong of [
      'admin.example.com',
      'https://admin.example.com/panel',
      'https://admin.example.com?x=1',
      'https://admin.example.com#top',
      'https://user:pass@admin.example.com',
      'ftp://admin.example.com',
      'javascript:alert(1)',
      '*',
      'https://',
    ]) {
      expect(() => parseEnv({ ADMIN_ORIGIN: wrong }), wrong).toThrow(
        /^Invalid environment: ADMIN_ORIGIN must be an origin \(scheme, host and optional port, no path\) such as https:\/\/admin\.example\.com$/,
      );
    }
  });

  it('reads the MEDIA_S3_ variables (ADR 38) and stops on a bucket without keys, keys without a bucket or a bad endpoint', () => {
    expect(parseEnv({}).MEDIA_S3_BUCKET).toBeUndefined();
    const keys = { MEDIA_S3_ACCESS_KEY_ID: 'AKIA1', MEDIA_S3_SECRET_ACCESS_KEY: 'secret' };
    expect(
      parseEnv({
        MEDIA_S3_BUCKET: 'shop-media',
        MEDIA_S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
        MEDIA_S3_REGION: 'auto',
        MEDIA_S3_FORCE_PATH_STYLE: 'true',
        MEDIA_S3_PREFIX: 'shops/one/',
        ...keys,
      }),
    ).toMatchObject({
      MEDIA_S3_BUCKET: 'shop-media',
      MEDIA_S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
      MEDIA_S3_REGION: 'auto',
      MEDIA_S3_FORCE_PATH_STYLE: true,
      MEDIA_S3_PREFIX: 'shops/one/',
    });
    expect(() => parseEnv({ MEDIA_S3_BUCKET: 'shop-media' })).toThrow(
      /MEDIA_S3_ACCESS_KEY_ID must be set with MEDIA_S3_BUCKET; MEDIA_S3_SECRET_ACCESS_KEY must be set with MEDIA_S3_BUCKET/,
    );
    expect(() => parseEnv(keys)).toThrow(
      /MEDIA_S3_BUCKET must be set when MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY is/,
    );
    for (const endpoint of ['minio.internal:9000', 'ftp://minio', 'https://minio/bucket', 'https://'])
      expect(() => parseEnv({ MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_ENDPOINT: endpoint, ...keys })).toThrow(
        /MEDIA_S3_ENDPOINT must be an http\(s\) URL/,
      );
    expect(() => parseEnv({ MEDIA_S3_BUCKET: 'Shop_Media', ...keys })).toThrow(/MEDIA_S3_BUCKET must be a bucket name/);
    expect(() => parseEnv({ MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_PREFIX: '../x', ...keys })).toThrow(
      /MEDIA_S3_PREFIX must be a folder name/,
    );
  });

  it('has every variable listed in .env.example', () => {
    const example = readFileSync(path.resolve(import.meta.dirname, '../../../.env.example'), 'utf8');
    for (const key of Object.keys(EnvSchema.shape)) expect(example, key).toMatch(new RegExp(`^# ${key}=`, 'm'));
  });
});
