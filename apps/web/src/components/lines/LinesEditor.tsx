import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { rowEndpoint } from '@yams/shared';
import { Button, Input, InputNumber, Segmented, Select, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { call } from '../../base/http';
import type { Option, OptionsSource } from '../form/fields';
import { MoneyInput, type MoneyValue } from '../form/MoneyInput';
import { SourceSelect } from '../form/SourceSelect';
import { Money } from '../Money';
import { type LineDraft, type LineSchema, lineIssues } from './lineIssues';

export type { LineDraft, LineSchema } from './lineIssues';

/**
 * One input of a line. Its value is `line[name]` unless `get` says otherwise (an intervention's select is
 * bound to `service_id` or `article_id` by the line's kind); a change sets `name` plus whatever `onPick`
 * returns (a service chosen → its libellé and price).
 */
export interface LineField<L extends LineDraft> {
  name: string;
  /** Used in the input's accessible name: '{label} de la ligne {n}'. */
  label: string | ((line: L) => string);
  type: 'text' | 'quantity' | 'money' | 'percent' | 'select' | 'segmented';
  options?: Option[] | ((line: L) => Option[]);
  loading?: boolean | ((line: L) => boolean);
  /**
   * A select fed by the API (searched on the server as one types) instead of `options`: a catalogue of any
   * size. With `fill`, the chosen row is read (`GET {path}/{id}`) and `fill` says what it sets on the line
   * (a service's libellé and price), applied if the line still holds that choice.
   */
  source?: OptionsSource | ((line: L) => OptionsSource);
  fill?: (row: Record<string, unknown>, line: L) => Partial<L>;
  placeholder?: string | ((line: L) => string);
  get?: (line: L) => unknown;
  /** The patch a change makes (default `{ [name]: value }`). */
  onPick?: (value: unknown, line: L) => Partial<L>;
  /** Flex basis (`'1 1 200px'` for a description) or a fixed width in px. */
  width?: number | string;
  /** Also shown on a title line (a title line shows only its description). */
  onTitle?: boolean;
}

export interface LinesEditorProps<L extends LineDraft> {
  value: L[];
  onChange: (lines: L[]) => void;
  fields: LineField<L>[];
  /** The buttons under the lines: 'Ajouter une ligne', 'Ajouter un titre'… each makes a new line. */
  add: { label: string; make: () => Omit<L, 'key'> }[];
  /** The list's accessible name ("Lignes de l'intervention"). */
  ariaLabel: string;
  /** A line's amount, shown at its end (omit for lines without amounts). */
  amount?: (line: L) => number;
  /** The total under the lines (default: the sum of `amount`). */
  total?: (lines: L[]) => number;
  totalLabel?: string;
  /** A title line: only the fields marked `onTitle`, no amount. */
  isTitle?: (line: L) => boolean;
  /**
   * The shared zod schema of one line (with `toBody` mapping a draft to it): its French messages are shown
   * under each line as soon as a field is changed, and all of them once `showAllErrors` is set (a save
   * tried). What the user typed is never changed to make it valid.
   */
  schema?: LineSchema;
  toBody?: (line: L) => unknown;
  showAllErrors?: boolean;
  /** The line field a schema path belongs to, when they differ (`service_id` → the `ref` select). */
  fieldOfIssue?: (path: string) => string;
  /** Something extra at the start of the footer. */
  footer?: ReactNode;
}

let counter = 0;
/** A fresh React key for a new line. */
export const newLineKey = () => `l${++counter}`;

const resolve = <T, L>(v: T | ((line: L) => T) | undefined, line: L): T | undefined =>
  typeof v === 'function' ? (v as (line: L) => T)(line) : v;

/**
 * The lines of a document as a controlled input (`value` / `onChange`): intervention lines, invoice lines
 * (description, quantity, unit price, discount, title lines), purchase lines. Usable as a `custom` field
 * of the kit's EntityForm or on its own (a draft's lines edited in its detail dialog).
 */
export function LinesEditor<L extends LineDraft>({
  value,
  onChange,
  fields,
  add,
  ariaLabel,
  amount,
  total,
  totalLabel = 'Montant total',
  isTitle,
  schema,
  toBody,
  showAllErrors,
  fieldOfIssue = (path) => path,
  footer,
}: LinesEditorProps<L>) {
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  // The lines as last handed over: a row read after a choice (`fill`) patches the lines of that moment.
  const latest = useRef(value);
  latest.current = value;
  const set = (line: L, name: string, patch: Partial<L>) => {
    setTouched((t) => new Set(t).add(`${line.key}:${name}`));
    const next = latest.current.map((l) => (l.key === line.key ? { ...l, ...patch } : l));
    latest.current = next;
    onChange(next);
  };
  const fillFrom = (field: LineField<L>, source: OptionsSource, line: L, id: unknown) => {
    if (!field.fill || id === null || id === undefined) return;
    const still = () => {
      const now = latest.current.find((l) => l.key === line.key);
      return now && (field.get ? field.get(now) : (now as Record<string, unknown>)[field.name]) === id
        ? now
        : null;
    };
    void call(rowEndpoint(source.path), { params: { id: String(id) } }).then(
      ({ data }) => {
        const now = still();
        if (now) set(now, field.name, field.fill!(data, now));
      },
      () => undefined, // The HTTP client already said why.
    );
  };
  const sum = total
    ? total(value)
    : amount
      ? value.reduce((s, l) => s + (isTitle?.(l) ? 0 : amount(l)), 0)
      : null;

  const input = (field: LineField<L>, line: L, n: number) => {
    const caption = resolve(field.label, line) ?? field.name;
    const label = `${caption} de la ligne ${n}`;
    const current = field.get ? field.get(line) : (line as Record<string, unknown>)[field.name];
    const change = (v: unknown) =>
      set(line, field.name, field.onPick ? field.onPick(v, line) : ({ [field.name]: v } as Partial<L>));
    const placeholder = resolve(field.placeholder, line);
    const fixed = (width: number) => ({ width: typeof field.width === 'number' ? field.width : width });
    const box =
      field.type === 'quantity'
        ? fixed(90)
        : field.type === 'money'
          ? fixed(150)
          : field.type === 'percent'
            ? fixed(100)
            : field.type === 'segmented'
              ? {}
              : typeof field.width === 'number'
                ? { width: field.width }
                : { flex: field.width ?? '1 1 160px', minWidth: 0 };
    const full = { width: '100%' };
    let node: ReactNode;
    switch (field.type) {
      case 'segmented':
        node = (
          <Segmented
            size="small"
            aria-label={label}
            value={current as string}
            options={(resolve(field.options, line) ?? []).map((o) => ({ value: o.value, label: o.label }))}
            onChange={change}
          />
        );
        break;
      case 'select': {
        const source = resolve(field.source, line);
        node = source ? (
          <SourceSelect
            key={source.path}
            source={source}
            style={full}
            // A label longer than the cell (an article's reference, name and stock) shows whole.
            popupMatchSelectWidth={false}
            aria-label={label}
            placeholder={placeholder}
            value={(current as string | number | null) ?? undefined}
            onChange={(v) => {
              change(v ?? null);
              fillFrom(field, source, line, v ?? null);
            }}
          />
        ) : (
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            style={full}
            aria-label={label}
            placeholder={placeholder}
            loading={resolve(field.loading, line)}
            options={resolve(field.options, line)}
            value={(current as string | number | null) ?? undefined}
            onChange={(v) => change(v ?? null)}
          />
        );
        break;
      }
      case 'quantity':
        node = (
          <InputNumber<number>
            aria-label={label}
            precision={0}
            value={current as number | null}
            onChange={(v) => change(v)}
            style={full}
            prefix="×"
          />
        );
        break;
      case 'money':
        node = <MoneyInput aria-label={label} value={current as MoneyValue} onChange={change} style={full} />;
        break;
      case 'percent':
        node = (
          <InputNumber<number>
            aria-label={label}
            precision={2}
            suffix="%"
            value={current as number | null}
            onChange={(v) => change(v)}
            style={full}
          />
        );
        break;
      default:
        node = (
          <Input
            aria-label={label}
            placeholder={placeholder}
            value={(current as string | null) ?? ''}
            onChange={(e) => change(e.target.value)}
            style={full}
          />
        );
    }
    // Each input says what it is above it (two amounts side by side are told apart); a screen reader
    // hears its own name ('Prix unitaire de la ligne 2').
    return (
      <div key={field.name} style={{ display: 'flex', flexDirection: 'column', gap: 2, ...box }}>
        <span aria-hidden style={{ fontSize: 12, lineHeight: '16px', color: '#667085' }}>
          {caption}
        </span>
        {node}
      </div>
    );
  };

  return (
    <div>
      <ol aria-label={ariaLabel} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {value.map((line, index) => {
          const n = index + 1;
          const title = isTitle?.(line) ?? false;
          const shown = fields.filter((f) => !title || f.onTitle);
          const issues = schema ? lineIssues(schema, toBody ? toBody(line) : line) : [];
          const visible = issues.filter(
            (i) => showAllErrors || touched.has(`${line.key}:${fieldOfIssue(i.field)}`) || i.field === '',
          );
          return (
            <li
              key={line.key}
              aria-label={title ? `Titre, ligne ${n}` : `Ligne ${n}`}
              style={{
                padding: 8,
                marginBottom: 6,
                border: '1px solid #f0f0f0',
                borderRadius: 6,
                background: title ? '#fafafa' : undefined,
              }}
            >
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end' }}>
                {shown.map((f) => input(f, line, n))}
                {amount && !title && (
                  <span
                    style={{
                      minWidth: 110,
                      textAlign: 'right',
                      marginInlineStart: 'auto',
                      alignSelf: 'flex-end',
                    }}
                  >
                    <Money value={amount(line)} />
                  </span>
                )}
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`Retirer la ligne ${n}`}
                  style={title ? { marginInlineStart: 'auto' } : undefined}
                  onClick={() => onChange(value.filter((l) => l.key !== line.key))}
                />
              </div>
              {visible.length > 0 && (
                <div role="alert" style={{ color: '#ff4d4f', marginTop: 4 }}>
                  {[...new Set(visible.map((i) => i.message))].map((m) => (
                    <div key={m}>
                      Ligne {n} : {m}
                    </div>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        {add.map((a) => (
          <Button
            key={a.label}
            icon={<PlusOutlined aria-hidden />}
            onClick={() => onChange([...value, { ...a.make(), key: newLineKey() } as L])}
          >
            {a.label}
          </Button>
        ))}
        {footer}
        {sum !== null && (
          <Typography.Text
            strong
            aria-live="polite"
            data-testid="montant-total"
            style={{ marginInlineStart: 'auto', whiteSpace: 'nowrap' }}
          >
            {totalLabel} : <Money value={sum} strong />
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
