/**
 * D28 with D40: when a player who still owes for reserved squares is reminded of the game's pay-by
 * time (docs/decisions/037). A day before it, or, when the squares were reserved less than two days
 * before it, halfway between the reservation and the pay-by time, so a reminder never arrives
 * right behind its receipt nor so late that there is no time to pay.
 */
export const PAY_BY_REMINDER_LEAD_MS = 24 * 3600_000;

/** When to remind: `payBy` minus the lead, or minus half the window from `reservedAt` when that is shorter. */
export function payByReminderAt(payBy: Date, reservedAt: Date): Date {
  const window = payBy.getTime() - reservedAt.getTime();
  const lead = Math.min(PAY_BY_REMINDER_LEAD_MS, Math.max(0, Math.floor(window / 2)));
  return new Date(payBy.getTime() - lead);
}

/** Whether a reminder is due at `now`: its time has come and the pay-by time has not passed. */
export function payByReminderDue(payBy: Date, reservedAt: Date, now: Date): boolean {
  return now.getTime() >= payByReminderAt(payBy, reservedAt).getTime() && now.getTime() < payBy.getTime();
}
