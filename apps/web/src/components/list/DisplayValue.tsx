import type { ReactNode } from 'react';
import { RichText } from '../form/RichText';
import { Money } from '../Money';
import type { DisplayField } from './types';
import { displayText, rawValue } from './values';

/** A field's cell: its `render`, or its formatted value (amounts never wrap). */
export function displayNode<T>(field: DisplayField<T>, row: T): ReactNode {
  if (field.render) return field.render(row);
  if (field.format === 'money') {
    const value = rawValue(field, row);
    return value === null || value === undefined || value === '' ? '' : <Money value={value} />;
  }
  if (field.format === 'richText') {
    const value = rawValue(field, row);
    return value ? <RichText readOnly value={String(value)} label={field.label ?? field.key} /> : '—';
  }
  const text = displayText(field, row);
  return text === '' ? <span style={{ color: '#98a2b3' }}>—</span> : text;
}
