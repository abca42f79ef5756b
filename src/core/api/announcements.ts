/**
 * D40 announcements (docs/decisions/038), admins only:
 *
 * - POST   /api/admin/games/:id/announcements                   AnnouncementRequest → 201 AnnouncementPosted
 * - DELETE /api/admin/games/:id/announcements/:announcementId   → AnnouncementDeleted
 *
 * Everyone reads them with the board (GET /api/games/:id/board `announcements`), under the board's
 * access rule; a post or delete tells open boards through the live stream (reason 'announcements').
 */
import { z } from 'zod';
import { ANNOUNCEMENT_MAX_LENGTH, ANNOUNCEMENT_TEXTS, validateAnnouncement } from '../announcements';
import { int, timestamp, type Contract, type RequestOf } from './contract';

/** One announcement on the board, newest first. */
export const announcementSchema = z.object({
  id: z.string(),
  /** The text as stored: normalized, line breaks kept (core/announcements.ts). */
  body: z.string(),
  created_at: timestamp,
  /** D48: the organizer who posted it (username); null when their account is gone. */
  author_username: z.string().nullable(),
});
export type Announcement = Contract<typeof announcementSchema>;

const body = z
  .string({ error: ANNOUNCEMENT_TEXTS.empty })
  // Far longer than any announcement with room for spaces: refused before the rule reads it.
  .max(ANNOUNCEMENT_MAX_LENGTH * 4, ANNOUNCEMENT_TEXTS.tooLong)
  .transform((raw, ctx) => {
    const text = validateAnnouncement(raw);
    if (!text.ok) {
      ctx.addIssue({ code: 'custom', message: text.message });
      return z.NEVER;
    }
    return text.value;
  });

/** A new announcement; `mail`: also mail it to the game's players (D40). */
export const announcementRequestSchema = z.strictObject(
  {
    body,
    mail: z.boolean({ error: ANNOUNCEMENT_TEXTS.invalid }).optional(),
  },
  { error: ANNOUNCEMENT_TEXTS.invalid },
);
export type AnnouncementRequest = RequestOf<typeof announcementRequestSchema>;

/** The announcement as posted, and how many players it was mailed to (0 when not asked, or nobody to mail). */
export const announcementPostedSchema = z.object({ announcement: announcementSchema, mailed: int });
export type AnnouncementPosted = Contract<typeof announcementPostedSchema>;

export const announcementDeletedSchema = z.object({ deleted: z.string() });
export type AnnouncementDeleted = Contract<typeof announcementDeletedSchema>;

export const announcementParams = z.object({ id: z.string(), announcementId: z.string() });
