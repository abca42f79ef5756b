import { afterEach, describe, expect, test, vi } from 'vitest';
import { DATABASE_GONE } from '@core/messages';
import { ApiError, apiRequest, isServerMessage } from './api';

function answer(status: number, body: string, contentType = 'application/json') {
  return vi.fn(async () => new Response(body, { status, headers: { 'content-type': contentType } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  test('returns the parsed JSON body', async () => {
    vi.stubGlobal('fetch', answer(200, '{"productName":"Squares Pool"}'));
    await expect(apiRequest('/api/config')).resolves.toEqual({ productName: 'Squares Pool' });
  });

  test("throws the server's {error:{code,message}} as an ApiError", async () => {
    vi.stubGlobal('fetch', answer(409, '{"error":{"code":"HOLD_LIMIT","message":"You hold too many squares."}}'));
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'HOLD_LIMIT', message: 'You hold too many squares.' });
  });

  test("Fastify's own client errors keep their FST_ERR_ code", async () => {
    vi.stubGlobal('fetch', answer(400, '{"error":{"code":"FST_ERR_CTP_INVALID_JSON_BODY","message":"The request body is not valid JSON."}}'));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', message: 'The request body is not valid JSON.' });
  });

  test('an error without our shape still becomes an ApiError with the status', async () => {
    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>', 'text/html'));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  test('a network failure becomes NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  test('sends a JSON body with its content type and the same-origin cookies', async () => {
    const fetchMock = answer(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/checkout', { method: 'POST', body: { a: 1 } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  test('an empty successful answer resolves to undefined', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiRequest('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe("Better Auth's error shape", () => {
  test('a top-level {code,message} becomes an ApiError too', async () => {
    vi.stubGlobal('fetch', answer(403, '{"code":"EMAIL_NOT_VERIFIED","message":"Email not verified"}'));
    await expect(apiRequest('/api/auth/sign-in/email')).rejects.toMatchObject({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Email not verified',
    });
  });
});

describe('which messages are meant for people', () => {
  test("a server error's text is not, but a change refused because the database file is gone is", () => {
    expect(isServerMessage(new ApiError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'))).toBe(false);
    expect(isServerMessage(new ApiError(503, 'DATABASE_UNAVAILABLE', DATABASE_GONE))).toBe(true);
  });
});
