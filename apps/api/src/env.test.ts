import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('gives the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000, HOST: '0.0.0.0', SEED_DEMO: true, TRUST_PROXY: false });
    expect(env.DATA_DIR).toBe(path.resolve('./data'));
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads overrides', () => {
    const env = parseEnv({ PORT: '8080', DATA_DIR: '/srv/shop', DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'false' });
    expect(env).toMatchObject({ PORT: 8080, DATA_DIR: '/srv/shop', DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: false });
  });

  it('stops with one line naming each wrong variable', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /^Invalid environment: PORT must be a port number; DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/$/,
    );
    expect(() => parseEnv({ PUBLIC_URL: 'shop.example.com' })).toThrow(/PUBLIC_URL must be an absolute URL/);
  });
});
