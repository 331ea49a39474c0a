import type { ReactNode } from 'react';
import { RichText } from '../form/RichText';
import { Money } from '../Money';
import { StatusTag } from '../StatusTag';
import type { DisplayField } from './types';
import { displayText, rawValue } from './values';

/** What an empty value shows, in every format (an empty budget is '—', not a blank cell). */
export const EMPTY_VALUE = <span style={{ color: '#98a2b3' }}>—</span>;

/** A field's cell: its `render`, or its formatted value (amounts never wrap); empty values show '—'. */
export function displayNode<T>(field: DisplayField<T>, row: T): ReactNode {
  if (field.render) return field.render(row);
  if (field.format === 'money') {
    const value = rawValue(field, row);
    return value === null || value === undefined || value === '' ? EMPTY_VALUE : <Money value={value} />;
  }
  if (field.format === 'tag') {
    const value = rawValue(field, row);
    return (
      <StatusTag lifecycle={field.tag} value={value === null || value === undefined ? null : String(value)} />
    );
  }
  if (field.format === 'richText') {
    const value = rawValue(field, row);
    return value ? <RichText readOnly value={String(value)} label={field.label ?? field.key} /> : EMPTY_VALUE;
  }
  const text = displayText(field, row);
  return text === '' ? EMPTY_VALUE : text;
}
