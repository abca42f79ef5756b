import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it('collects the headers helmet would set on every response', () => {
    const headers = securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
      strictTransportSecurity: false,
    });
    expect(headers['Content-Security-Policy']).toBe("default-src 'self';frame-ancestors 'none'");
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(headers['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders({ strictTransportSecurity: { maxAge: 100 } })['Strict-Transport-Security']).toBe('max-age=100; includeSubDomains');
  });
});
