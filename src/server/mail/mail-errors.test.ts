import { describe, expect, it } from 'vitest';
import { describeMailError, smtpFix } from './mail-errors';

describe('a mail error as stored in last_error and logged (design note 026)', () => {
  it('keeps the code and message, never a URL (an SMTP password, a mail link) or a token', () => {
    const err = Object.assign(new Error('Invalid login for smtp://pool:hunter2@mail.example.com:587 while sending https://x/reset-password?token=abc'), {
      code: 'EAUTH',
    });
    const described = describeMailError(err);
    expect(described).toBe('EAUTH: Invalid login for <url> while sending <url>');
    expect(describeMailError(new Error('bad token=abc.def here'))).toBe('bad token=<hidden> here');
    expect(describeMailError(Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 }))).toBe('450: Mailbox unavailable');
  });

  it('is at most 300 characters, on one line', () => {
    const described = describeMailError(new Error(`line one\nline two ${'x'.repeat(1000)}`));
    expect(described.length).toBe(300);
    expect(described).not.toContain('\n');
  });

  it('says the fix for an SMTP server that cannot be used, by its code', () => {
    expect(smtpFix(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toMatch(/start the mail server or correct SMTP_URL/);
    expect(smtpFix(Object.assign(new Error('x'), { code: 'EAUTH' }))).toMatch(/user name or password in SMTP_URL/);
    expect(smtpFix(new Error('something else'))).toMatch(/check SMTP_URL/);
  });
});
