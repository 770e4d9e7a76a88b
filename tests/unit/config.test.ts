import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      databaseUrl: undefined,
      dataDir: './.data',
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
    });
    expect(config.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from an explicit one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://crm.example.com/' }).publicUrl).toBe('https://crm.example.com');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a number (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535 (got "70000")'],
    [{ DATABASE_URL: 'mysql://db' }, 'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// connection URL (got "mysql://db")'],
    [{ PUBLIC_URL: 'crm.example.com' }, 'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "crm.example.com")'],
    [{ NODE_ENV: 'staging' }, 'Invalid configuration: NODE_ENV must be one of development, production, test (got "staging")'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
  ])('rejects %o with one line naming the variable and the rule', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
