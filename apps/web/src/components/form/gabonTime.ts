import { GABON_TIME_ZONE } from '@yams/shared';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Date pickers work on the PC's clock; our instants live in Libreville time. The picker is handed the
 * Libreville wall-clock (day, hour, minute) as a plain dayjs, and what the user picks is read back as
 * Libreville time, so 10/12/2026 11:15 stays 10/12/2026 11:15 whatever the PC's zone.
 */
const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss';
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An instant (ISO 8601) as the Libreville wall-clock a picker shows; undefined when empty or unreadable. */
export function instantToPicker(value: unknown): Dayjs | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    const day = dayjs(value);
    return day.isValid() ? day : undefined;
  }
  const instant = dayjs(value as string | Date);
  if (!instant.isValid()) return undefined;
  return dayjs(instant.tz(GABON_TIME_ZONE).format(WALL_CLOCK));
}

/** What a picker holds, read as Libreville time: the ISO 8601 instant (`2026-12-10T10:15:00.000Z`). */
export function pickerToInstant(value: unknown): string | null {
  if (!dayjs.isDayjs(value) || !value.isValid()) return null;
  return dayjs.tz(value.format(WALL_CLOCK), GABON_TIME_ZONE).toISOString();
}

/** A calendar day (`YYYY-MM-DD`) as a picker value: the day itself, never shifted by a zone. */
export function dayToPicker(value: unknown): Dayjs | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    const day = dayjs(value);
    return day.isValid() ? day : undefined;
  }
  // An instant used as a day: its day in Libreville.
  const wall = instantToPicker(value);
  return wall?.startOf('day');
}
