import { ecrireMontant, lireMontant, zMontant } from '@yams/shared';
import { Input, type InputProps, type InputRef } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ChangeEvent, type FocusEvent, forwardRef, useEffect, useRef, useState } from 'react';

/**
 * A money field's value: an amount in francs CFA, null when empty, or, while what is typed cannot be read
 * for sure (`12e5`, `17500,50`, `1,250`), the text itself, so the form's shared schema names the problem
 * and nothing is saved with a number the user did not type.
 */
export type MoneyValue = number | string | null;

export interface MoneyInputProps extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue'> {
  value?: MoneyValue;
  onChange?: (value: MoneyValue) => void;
}

const shown = (value: MoneyValue | undefined) =>
  typeof value === 'number' ? ecrireMontant(value) : typeof value === 'string' ? value : '';

/** The value a text is worth: its amount (packages/shared `lireMontant`), or the text when unreadable. */
export function moneyValue(text: string): MoneyValue {
  const read = lireMontant(text);
  return read.ok ? read.value : text;
}

/**
 * The one input of an amount in francs CFA, in every form of the app. It reads what is typed or pasted the
 * way the API does (`1 250 000`, `1.250.000`, `17500,00` → 17.500, never 1.750.000), shows `1.250.000` once
 * left, and never changes a number on its own: a minus sign or centimes stay as typed, for the schema to
 * refuse with its French message (shown by the form, or in the field's tooltip when alone).
 */
export const MoneyInput = forwardRef<InputRef, MoneyInputProps>(function MoneyInput(
  { value, onChange, onBlur, status, suffix = 'FCFA', ...rest },
  ref,
) {
  const [text, setText] = useState(() => shown(value));
  const own = useRef<MoneyValue | undefined>(value);
  // A value set from outside (a trajet's montant suggested, a reset, another row) shows as an amount.
  useEffect(() => {
    if (value !== own.current) {
      own.current = value;
      setText(shown(value));
    }
  }, [value]);
  const read = lireMontant(text);
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    setText(e.target.value);
    const next = moneyValue(e.target.value);
    own.current = next;
    onChange?.(next);
  };
  const blur = (e: FocusEvent<HTMLInputElement>) => {
    if (read.ok && read.value !== null) setText(ecrireMontant(read.value));
    onBlur?.(e);
  };
  return (
    <Input
      ref={ref}
      inputMode="decimal"
      autoComplete="off"
      suffix={suffix}
      {...rest}
      value={text}
      onChange={change}
      onBlur={blur}
      status={status ?? (read.ok ? undefined : 'error')}
      title={read.ok ? rest.title : read.error}
    />
  );
});

/** An antd rule for a money field of a form without a shared schema: the message the API would give. */
export function moneyRule(label: string, options: { min?: number; required?: boolean } = {}): Rule {
  const schema = zMontant(label, { min: options.min ?? 0 });
  return {
    validator: async (_rule, value: MoneyValue | undefined) => {
      if (!options.required && (value === null || value === undefined || value === '')) return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}

/** A money value in a live total: its amount, 0 while empty or unreadable (the schema says why). */
export const amountOf = (value: MoneyValue | undefined): number => (typeof value === 'number' ? value : 0);
