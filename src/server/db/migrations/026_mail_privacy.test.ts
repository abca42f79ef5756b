import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../tests/support/db';
import { olderDatabase } from '../../../../tests/support/older-database';

describe(`migration 026: mail that has left keeps no copy; mailed announcements are counted (${testDbKind})`, () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(() => t.cleanup());

  it('clears the text and links of mails sent or given up, keeps waiting mails whole, and adds the mailing log', async () => {
    const migrator = await olderDatabase(t, '024_announcements');
    const raw = t.handle.raw;
    const at = t.handle.kind === 'sqlite' ? new Date().toISOString() : new Date();
    const mail = (status: string) => ({
      id: randomUUID(),
      message_id: `<${randomUUID()}@squares.local>`,
      recipient: `${status}@example.com`,
      subject: 'Reset your Squares Pool password',
      text_body: 'Open http://127.0.0.1:3000/reset-password?token=secret',
      html_body: '<a href="http://127.0.0.1:3000/reset-password?token=secret">Reset</a>',
      link: 'http://127.0.0.1:3000/reset-password?token=secret',
      unsubscribe_url: 'http://127.0.0.1:3000/api/mail/unsubscribe?token=signed',
      kind: 'password-reset',
      status,
      attempts: 1,
      next_attempt_at: at,
      created_at: at,
      ...(status === 'sent' ? { sent_at: at } : {}),
    });
    for (const status of ['sent', 'failed', 'queued', 'sending']) await raw.insertInto('mail_queue').values(mail(status)).execute();

    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();

    const rows = await raw
      .selectFrom('mail_queue')
      .select(['status', 'subject', 'text_body', 'html_body', 'link', 'unsubscribe_url'])
      .orderBy('recipient')
      .execute();
    const cleared = { subject: 'Reset your Squares Pool password', text_body: '', html_body: '', link: null, unsubscribe_url: null };
    const whole = (status: string) => {
      const { text_body, html_body, link, unsubscribe_url, subject } = mail(status);
      return { status, subject, text_body, html_body, link, unsubscribe_url };
    };
    expect(rows).toEqual([{ status: 'failed', ...cleared }, whole('queued'), whole('sending'), { status: 'sent', ...cleared }]);

    // The mailing log names a game and an organizer that need not exist (deleting them keeps the count).
    await raw.insertInto('announcement_mailings').values({ id: randomUUID(), game_id: randomUUID(), organizer_user_id: randomUUID(), mailed_at: at }).execute();
    expect(await raw.selectFrom('announcement_mailings').select('id').execute()).toHaveLength(1);
  });
});
