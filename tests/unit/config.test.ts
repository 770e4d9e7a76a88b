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
      jobsEnabled: true,
      jobsPollMs: 1000,
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

  it('reads JOBS_ENABLED as a boolean and JOBS_POLL_MS in milliseconds', () => {
    expect(loadConfig({ JOBS_ENABLED: 'false', JOBS_POLL_MS: '250' })).toMatchObject({ jobsEnabled: false, jobsPollMs: 250 });
    expect(loadConfig({ JOBS_ENABLED: '0' }).jobsEnabled).toBe(false);
    expect(loadConfig({ JOBS_ENABLED: '1' }).jobsEnabled).toBe(true);
  });

  it('reads ROW_LEVEL_SECURITY as a boolean, on unless turned off (decisions 024, 033)', () => {
    expect(loadConfig({}).rowLevelSecurity).toBe(true);
    expect(loadConfig({ ROW_LEVEL_SECURITY: 'false' }).rowLevelSecurity).toBe(false);
    expect(loadConfig({ ROW_LEVEL_SECURITY: '0' }).rowLevelSecurity).toBe(false);
    expect(loadConfig({ ROW_LEVEL_SECURITY: 'true' }).rowLevelSecurity).toBe(true);
    expect(loadConfig({ ROW_LEVEL_SECURITY: '1' }).rowLevelSecurity).toBe(true);
    expect(() => loadConfig({ ROW_LEVEL_SECURITY: 'on' })).toThrow('Invalid configuration: ROW_LEVEL_SECURITY must be true or false (got "on")');
  });

  it('reads the Kit settings: no key means no forwarding; the API origin defaults to Kit v4', () => {
    expect(loadConfig({})).toMatchObject({ kitApiKey: undefined, kitApiBaseUrl: 'https://api.kit.com' });
    expect(loadConfig({ KIT_API_KEY: 'kit_abc', KIT_API_BASE_URL: 'http://127.0.0.1:4010/' })).toMatchObject({ kitApiKey: 'kit_abc', kitApiBaseUrl: 'http://127.0.0.1:4010' });
  });

  it.each([
    [{ KIT_API_BASE_URL: 'api.kit.com' }, 'Invalid configuration: KIT_API_BASE_URL must be an http:// or https:// URL (got "api.kit.com")'],
    [{ JOBS_ENABLED: 'yes' }, 'Invalid configuration: JOBS_ENABLED must be true or false (got "yes")'],
    [{ JOBS_POLL_MS: 'often' }, 'Invalid configuration: JOBS_POLL_MS must be a number (got "often")'],
    [{ JOBS_POLL_MS: '1.5' }, 'Invalid configuration: JOBS_POLL_MS must be a whole number (got "1.5")'],
    [{ JOBS_POLL_MS: '10' }, 'Invalid configuration: JOBS_POLL_MS must be between 50 and 60000 (got "10")'],
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
