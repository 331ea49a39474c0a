import { CloseOutlined, DownOutlined, FilterOutlined, UpOutlined } from '@ant-design/icons';
import { formatDate } from '@yams/shared';
import { Badge, Button, Card, Col, Form, Input, Row, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { FieldInput } from '../form/FieldInput';
import { useOptions } from '../form/useOptions';
import { useIsMobile } from '../useIsMobile';
import {
  DEFAULT_RANGE_PARAMS,
  type FilterChip,
  type FilterValues,
  filterChips,
  withoutParams,
} from './filterState';
import type { FilterDecl, Labels } from './types';

interface Props {
  filters: FilterDecl[];
  labels: Labels;
  values: FilterValues;
  onApply: (values: FilterValues) => void;
  resetLabel?: string;
}

const nameOf = (f: FilterDecl) => (f.type === 'dateRange' ? (f.name ?? 'periode') : f.name);
const labelOf = (f: FilterDecl, labels: Labels) =>
  f.label ?? labels[nameOf(f)] ?? (f.type === 'dateRange' ? 'Période' : nameOf(f));

/** Filter state (flat strings) → form values (a date range as two dayjs). */
function toForm(values: FilterValues, filters: FilterDecl[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of filters) {
    if (f.type === 'dateRange') {
      const [a, b] = (f.params ?? DEFAULT_RANGE_PARAMS).map((p) => (values[p] ? dayjs(values[p]) : null));
      out[nameOf(f)] = a || b ? [a, b] : undefined;
    } else out[f.name] = values[f.name];
  }
  return out;
}

function fromForm(form: Record<string, unknown>, filters: FilterDecl[]): FilterValues {
  const out: FilterValues = {};
  for (const f of filters) {
    const v = form[nameOf(f)];
    if (f.type === 'dateRange') {
      const [from, to] = f.params ?? DEFAULT_RANGE_PARAMS;
      const [a, b] = (Array.isArray(v) ? v : []) as Array<Dayjs | null>;
      if (a?.isValid()) out[from] = a.format('YYYY-MM-DD');
      if (b?.isValid()) out[to] = b.format('YYYY-MM-DD');
    } else if (v !== undefined && v !== null && String(v).trim() !== '') out[f.name] = String(v).trim();
  }
  return out;
}

/** One active filter, removable; a select fed by the API shows its option's label. */
function ChipTag({ chip, filter, onClose }: { chip: FilterChip; filter?: FilterDecl; onClose: () => void }) {
  const source = filter?.type === 'select' ? filter.source : undefined;
  const { options } = useOptions(source, [], chip.value);
  const label = source
    ? (options.find((o) => String(o.value) === chip.value)?.label ?? chip.value)
    : chip.value;
  return (
    <Tag style={{ marginInlineEnd: 0, display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <span>
        {chip.label} : {label}
      </span>
      <Button
        type="text"
        size="small"
        aria-label={`Retirer le filtre ${chip.label}`}
        icon={<CloseOutlined aria-hidden style={{ fontSize: 10 }} />}
        onClick={onClose}
        style={{ width: 18, height: 18, minWidth: 18 }}
      />
    </Tag>
  );
}

/**
 * The filter panel: collapsible on desktop, a toggle panel on a phone (≤ 770 px), a summary of the active
 * filters as removable chips, 'Appliquer' and 'Réinitialiser'.
 */
export function FilterPanel({ filters, labels, values, onApply, resetLabel = 'Réinitialiser' }: Props) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(!isMobile);
  const [form] = Form.useForm();
  // The form shows the applied filters again whenever they change (chip removed, reset, link).
  const declared = useRef(filters);
  declared.current = filters;
  const valuesKey = JSON.stringify(values);
  useEffect(() => {
    form.setFieldsValue(toForm(JSON.parse(valuesKey) as FilterValues, declared.current));
  }, [form, valuesKey]);
  useEffect(() => setOpen(!isMobile), [isMobile]);

  const chips = filterChips(
    values,
    filters,
    (f) => labelOf(f, labels),
    (f, v) => (f.type === 'select' ? (f.options?.find((o) => o.value === v)?.label ?? v) : v),
    formatDate,
  );
  const active = chips.length;

  return (
    <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { padding: open ? 12 : '8px 12px' } }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <Button
          type="text"
          size="small"
          icon={<FilterOutlined aria-hidden />}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="filter-panel"
        >
          <span>Filtres</span>
          {active > 0 && (
            <Badge count={active} size="small" color="#0b5cab" aria-label={`${active} actif(s)`} />
          )}
          {open ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
        </Button>
        {chips.length > 0 && (
          <ul
            aria-label="Filtres actifs"
            style={{
              display: 'flex',
              gap: 6,
              flexWrap: 'wrap',
              flex: 1,
              margin: 0,
              padding: 0,
              listStyle: 'none',
            }}
          >
            {chips.map((chip) => (
              <li key={chip.params.join()}>
                <ChipTag
                  chip={chip}
                  filter={filters.find((f) => f.type !== 'dateRange' && f.name === chip.params[0])}
                  onClose={() => onApply(withoutParams(values, chip.params))}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Form
        id="filter-panel"
        name="filtres"
        form={form}
        layout="vertical"
        hidden={!open}
        aria-label="Filtres"
        onFinish={(v) => onApply(fromForm(v, filters))}
        style={{ marginTop: 12 }}
      >
        <Row gutter={12} align="bottom">
          {filters.map((f) => {
            const label = labelOf(f, labels);
            const name = nameOf(f);
            return (
              <Col key={name} xs={24} sm={12} lg={f.type === 'dateRange' ? 8 : 6}>
                <Form.Item label={label} name={name} style={{ marginBottom: 12 }}>
                  {f.type === 'text' ? (
                    <Input allowClear placeholder={f.placeholder} />
                  ) : f.type === 'select' ? (
                    <FieldInput
                      label={label}
                      field={{
                        name,
                        type: 'select',
                        source: f.source && {
                          ...f.source,
                          value: (r) => String(f.source!.value?.(r) ?? r.id),
                        },
                        options: f.options,
                        placeholder: 'Tous',
                      }}
                    />
                  ) : (
                    <FieldInput label={label} field={{ name, type: 'dateRange' }} />
                  )}
                </Form.Item>
              </Col>
            );
          })}
          <Col xs={24} sm={12} lg={6}>
            <Form.Item style={{ marginBottom: 12 }}>
              <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                <Button type="primary" htmlType="submit">
                  Appliquer
                </Button>
                <Button
                  onClick={() => {
                    form.resetFields();
                    onApply({});
                  }}
                >
                  {resetLabel}
                </Button>
              </div>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
