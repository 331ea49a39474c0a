import { PlusOutlined } from '@ant-design/icons';
import { rowEndpoint } from '@yams/shared';
import { Button, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { type FocusEvent, type KeyboardEvent, lazy, Suspense, useContext, useRef, useState } from 'react';
import { call } from '../../base/http';
import { ChosenRowContext } from './chosenRows';
import type { FormFieldDecl } from './fields';
import { MoneyInput } from './MoneyInput';
import { PointNumbers } from './PointNumbers';
import { RichText } from './RichText';
import { useOptions } from './useOptions';

// Loaded when first opened (and it holds an EntityForm, which holds FieldInput).
const CreateOptionDialog = lazy(() => import('./CreateOptionDialog'));

/**
 * Rate inputs (tax rates, in %): a decimal comma and no trailing zeros (`9,5`, `18`), never antd's `9.50`
 * from a 0.01 step; what the user is typing is left as typed. `formatTaux` (shared) writes rates elsewhere.
 */
export const rateFormatter = (
  value: number | string | undefined,
  info?: { userTyping: boolean; input: string },
) =>
  info?.userTyping ? info.input : value === undefined || value === '' ? '' : String(value).replace('.', ',');
export const rateParser = (text: string | undefined) => {
  const t = (text ?? '').replace(/[\s%\u00a0]/g, '').replace(',', '.');
  return (t === '' ? '' : Number(t)) as number;
};

/**
 * Enter in a date field confirms the date (the picker does it) and nothing else: without this the browser
 * also submits the form around it, half filled. Every date input of the kit and of hand-written forms
 * spreads it: `<DatePicker {...dateKeys} />`.
 */
export const dateKeys = {
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  },
};

/** The input of one declared field; antd's Form.Item passes `value`/`onChange`. */
export function FieldInput({ field, label, ...rest }: { field: FormFieldDecl; label: string }) {
  const form = Form.useFormInstance();
  // A superadmin's form names the company (`entreprise_id`, list/tenant.ts): the other selects fed by the
  // API then offer that company's rows only (`?entreprise=`), not choices the API would refuse.
  const entreprise = Form.useWatch('entreprise_id', form) as number | string | null | undefined;
  const source =
    field.source && field.name !== 'entreprise_id' && entreprise
      ? { ...field.source, query: { ...field.source.query, entreprise } }
      : field.source;
  const { options, loading, onSearch } = useOptions(
    source,
    field.options,
    field.type === 'select' ? (rest as { value?: unknown }).value : undefined,
  );
  const filled = useRef<Record<string, unknown> | undefined>(undefined);
  const chose = useContext(ChosenRowContext);
  const [creating, setCreating] = useState<boolean | null>(null);
  const placeholder = field.placeholder;
  switch (field.type) {
    case 'point': {
      const { value, onChange } = rest as { value?: unknown; onChange?: (value: unknown) => void };
      if (field.render) return <>{field.render({ value, onChange: (v) => onChange?.(v) })}</>;
      return <PointNumbers value={value} onChange={(v) => onChange?.(v)} label={label} />;
    }
    case 'custom': {
      const { value, onChange } = rest as { value?: unknown; onChange?: (value: unknown) => void };
      return <>{field.render?.({ value, onChange: (v) => onChange?.(v) })}</>;
    }
    case 'richText': {
      const { value, onChange } = rest as {
        value?: string | null;
        onChange?: (value: string | null) => void;
      };
      return <RichText value={value} onChange={onChange} label={label} placeholder={placeholder} />;
    }
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder={placeholder} {...rest} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={placeholder} {...rest} />;
    case 'money':
      return <MoneyInput placeholder={placeholder} {...rest} />;
    case 'select': {
      const { onChange } = rest as { onChange?: (value: unknown) => void };
      // A chosen row may fill other fields (a trajet: its cities and amount).
      const change = (next: unknown) => {
        onChange?.(next);
        const { fill, source } = field;
        if (!fill || !source || next === undefined || next === null || next === '') return;
        void call(rowEndpoint(source.path), { params: { id: String(next) } }).then(
          ({ data }) => {
            if (form.getFieldValue(field.name) !== next) return; // Changed again meanwhile.
            form.setFieldsValue(fill(data, form.getFieldsValue(true), filled.current));
            filled.current = data;
            chose(field.name, data);
          },
          () => undefined, // The HTTP client already said why.
        );
      };
      const select = (
        <Select
          allowClear
          // A server-searched source: the API searches as one types (`GET {path}/options?search=`).
          showSearch={onSearch ? { filterOption: false, onSearch } : { optionFilterProp: 'label' }}
          loading={loading}
          options={options}
          placeholder={placeholder ?? 'Sélectionner'}
          aria-label={label}
          {...rest}
          onChange={change}
          style={field.create ? { flex: '1 1 220px', minWidth: 0 } : undefined}
        />
      );
      const { create, source } = field;
      if (!create || !source) return select;
      // The create option: a button beside the select; the new row is chosen once created.
      return (
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {select}
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
            {create.label}
          </Button>
          {creating !== null && (
            <Suspense fallback={null}>
              <CreateOptionDialog
                create={create}
                path={source.path}
                open={creating}
                onClose={() => setCreating(false)}
                onCreated={(id) => change(id)}
              />
            </Suspense>
          )}
        </div>
      );
    }
    case 'date': {
      const { bornes } = field;
      // Read when the calendar draws: the limits may follow another field (a vehicle's year).
      const horsBornes = bornes
        ? (day: Dayjs) => {
            const { min, max } = bornes(form.getFieldsValue(true) as Record<string, unknown>);
            const d = day.format('YYYY-MM-DD');
            return (min !== undefined && d < min) || (max !== undefined && d > max);
          }
        : undefined;
      return (
        <DatePicker
          style={{ width: '100%' }}
          format="DD/MM/YYYY"
          placeholder={placeholder}
          disabledDate={horsBornes}
          {...dateKeys}
          {...rest}
        />
      );
    }
    case 'datetime':
      return (
        <DatePicker
          style={{ width: '100%' }}
          showTime={{ format: 'HH:mm' }}
          // What is typed or clicked counts without an extra 'OK' (leaving the field keeps it).
          needConfirm={false}
          format="DD/MM/YYYY HH:mm"
          placeholder={placeholder}
          {...dateKeys}
          {...rest}
        />
      );
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          style={{ width: '100%' }}
          format="DD/MM/YYYY"
          allowEmpty={[true, true]}
          {...dateKeys}
          {...rest}
        />
      );
    default: {
      const { value, onChange, onBlur } = rest as {
        value?: unknown;
        onChange?: (value: unknown) => void;
        onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
      };
      const { normalize } = field;
      return (
        <Input
          type={field.type === 'email' ? 'email' : field.type === 'tel' ? 'tel' : 'text'}
          placeholder={placeholder}
          {...rest}
          onBlur={
            normalize
              ? (event) => {
                  if (typeof value === 'string' && value.trim() && normalize(value) !== value)
                    onChange?.(normalize(value));
                  onBlur?.(event);
                }
              : onBlur
          }
        />
      );
    }
  }
}
