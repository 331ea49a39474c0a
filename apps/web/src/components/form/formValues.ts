import dayjs from 'dayjs';
import type { FormFieldDecl, PointValue } from './fields';
import { dayToPicker, instantToPicker, pickerToInstant } from './gabonTime';

const RANGE: [string, string] = ['date_debut', 'date_fin'];
const rangeParams = (field: FormFieldDecl) => field.params ?? RANGE;

const toDay = dayToPicker;

/** A point's two body fields: `params`, else `{name}_lat` and `{name}_lng`. */
export const pointParams = (field: FormFieldDecl): [string, string] =>
  field.params ?? [`${field.name}_lat`, `${field.name}_lng`];

export const isPoint = (value: unknown): value is PointValue =>
  typeof value === 'object' &&
  value !== null &&
  Number.isFinite((value as PointValue).lat) &&
  Number.isFinite((value as PointValue).lng);

/** A row's two coordinates as a point's value (both or nothing). */
function pointOf(row: Record<string, unknown>, field: FormFieldDecl): PointValue | undefined {
  const [lat, lng] = pointParams(field);
  const a = row[lat];
  const b = row[lng];
  return typeof a === 'number' && typeof b === 'number' ? { lat: a, lng: b } : undefined;
}

/** The row key holding a select's nested reference: `ref: true` on `client_id` → `client`. */
export const refKey = (field: FormFieldDecl): string =>
  typeof field.ref === 'string' ? field.ref : field.name.replace(/_id$/, '');

/** A row (as the API returns it) as the values of a form: dates as dayjs (Libreville wall-clock), null as empty. */
export function rowToValues(row: Record<string, unknown>, fields: FormFieldDecl[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.type === 'dateRange') {
      const [from, to] = rangeParams(field);
      const a = toDay(row[from]);
      const b = toDay(row[to]);
      values[field.name] = a || b ? [a ?? null, b ?? null] : undefined;
    } else if (field.type === 'date') {
      values[field.name] = toDay(row[field.name]);
    } else if (field.type === 'datetime') {
      values[field.name] = instantToPicker(row[field.name]);
    } else if (field.type === 'point') {
      values[field.name] = pointOf(row, field);
    } else if (field.ref && row[field.name] === undefined) {
      // A nested reference (`client: { id, … }`) read as the select's `client_id`.
      const nested = row[refKey(field)] as { id?: unknown } | null | undefined;
      values[field.name] = nested?.id ?? undefined;
    } else {
      const value = row[field.name];
      values[field.name] = value === null ? undefined : value;
    }
  }
  return values;
}

const dayText = (value: unknown) =>
  dayjs.isDayjs(value) && value.isValid() ? value.format('YYYY-MM-DD') : null;

/**
 * Form values as an API body: dates `YYYY-MM-DD`, date-times as ISO 8601 instants read in Libreville time, a range as its two fields, empty text as null;
 * values of fields not shown (`visible`, `only`) are left out.
 */
export function valuesToBody(
  values: Record<string, unknown>,
  fields: FormFieldDecl[],
  shown: (field: FormFieldDecl) => boolean = () => true,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const declared = new Set(fields.map((f) => f.name));
  for (const [key, value] of Object.entries(values)) if (!declared.has(key)) body[key] = value;
  for (const field of fields) {
    if (!shown(field)) continue;
    const value = values[field.name];
    if (field.type === 'dateRange') {
      const [from, to] = rangeParams(field);
      const [a, b] = Array.isArray(value) ? value : [];
      body[from] = dayText(a);
      body[to] = dayText(b);
    } else if (field.type === 'date') {
      body[field.name] = dayText(value);
    } else if (field.type === 'datetime') {
      body[field.name] = pickerToInstant(value);
    } else if (field.type === 'point') {
      const [lat, lng] = pointParams(field);
      // A half-typed point is sent as it is: the API names the missing half.
      const point = (value ?? null) as { lat?: unknown; lng?: unknown } | null;
      body[lat] = typeof point?.lat === 'number' && Number.isFinite(point.lat) ? point.lat : null;
      body[lng] = typeof point?.lng === 'number' && Number.isFinite(point.lng) ? point.lng : null;
    } else if (field.type === 'custom') {
      body[field.bodyName ?? field.name] = value ?? null;
    } else if (typeof value === 'string') {
      body[field.name] = value.trim() === '' ? null : value;
    } else {
      body[field.name] = value === undefined ? null : value;
    }
  }
  return body;
}

/** Is a field part of the form in this mode with these values? */
export function isShown(
  field: FormFieldDecl,
  values: Record<string, unknown>,
  mode: 'create' | 'edit',
): boolean {
  if (field.only && field.only !== mode) return false;
  return field.visible ? field.visible(values, mode) : true;
}

/**
 * The form field a server error names: `date_fin` → the range field holding it, `lignes.0.qte` → the
 * custom input filling `lignes`.
 */
export function fieldOfParam(param: string, fields: FormFieldDecl[]): string {
  const range = fields.find((f) => f.type === 'dateRange' && rangeParams(f).includes(param));
  if (range) return range.name;
  const point = fields.find((f) => f.type === 'point' && pointParams(f).includes(param));
  if (point) return point.name;
  const root = param.split('.')[0];
  const custom = fields.find((f) => f.type === 'custom' && (f.bodyName ?? f.name) === root);
  return custom ? custom.name : param;
}
