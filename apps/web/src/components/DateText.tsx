import { formatDate, formatDateTime } from '@yams/shared';

type DateValue = string | number | Date | null | undefined;

/** `22/11/2026` (or `22/11/2026 14:05` with `withTime`); an unreadable date shows 'Date invalide'. */
export function DateText({ value, withTime = false }: { value: DateValue; withTime?: boolean }) {
  const text = withTime ? formatDateTime(value) : formatDate(value);
  const iso = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : undefined;
  return (
    <time dateTime={iso} style={{ whiteSpace: 'nowrap' }}>
      {text}
    </time>
  );
}
