import { describe, expect, it } from '@jest/globals';
import { helmetHeaders } from './security-headers.js';

describe("helmet's headers, worked out once", () => {
  it("holds the CSP of CONTENT_SECURITY_POLICY and helmet's other headers, without HSTS (sent over TLS only)", () => {
    const h = helmetHeaders();
    expect(h['content-security-policy']).toContain("script-src 'self'");
    expect(h['content-security-policy']).toContain("object-src 'none'");
    expect(h['content-security-policy']).toContain('frame-ancestors');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['cross-origin-resource-policy']).toBe('same-origin');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['strict-transport-security']).toBeUndefined();
    expect(h['cross-origin-embedder-policy']).toBeUndefined();
  });
});
