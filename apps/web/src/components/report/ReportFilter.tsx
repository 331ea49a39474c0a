import {
  bornesPeriode,
  PERIODES_RAPPORT,
  PERIODES_RAPPORT_CLES,
  type PeriodeRapport,
  periodeDe,
  todayInGabon,
} from '@yams/shared';
import { Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { dateKeys } from '../form/FieldInput';
import { useIsMobile } from '../useIsMobile';
import { cleanValues, periodParams, periodValues, reportErrors } from './reportState';
import type { ReportDecl, ReportValues } from './types';

type Decl = Pick<ReportDecl<unknown>, 'period' | 'filters' | 'filterLabel'>;
type FormValues = Record<string, string | Dayjs | number | null | undefined>;

const DAY = 'YYYY-MM-DD';
const PERSONNALISEE = 'personnalisee';

/** Filter values as the form holds them: the two days as pickers' dates. */
function toForm(decl: Decl, values: ReportValues): FormValues {
  const [d, f] = periodParams(decl);
  return { ...values, [d]: values[d] ? dayjs(values[d]) : null, [f]: values[f] ? dayjs(values[f]) : null };
}

/** The form's values as filter values: the days `YYYY-MM-DD`, the rest as text. */
function fromForm(decl: Decl, form: FormValues): ReportValues {
  const out: Record<string, unknown> = { ...form };
  for (const p of periodParams(decl)) {
    const v = form[p];
    out[p] = dayjs.isDayjs(v) ? v.format(DAY) : v;
  }
  return cleanValues(decl, out);
}

/**
 * The report's filter (every report of the product): a quick period (« Aujourd'hui », « 7 jours », « Ce
 * mois »… in Libreville days) that fills the two required days, the extra filters, « Charger » and, once a
 * report is chosen, « Réinitialiser ». Nothing is sent while the form is wrong: each field says why in French.
 */
export function ReportFilter({
  decl,
  initial,
  chosen,
  onApply,
  onReset,
}: {
  decl: Decl;
  /** What the form shows: the applied filters, else the defaults. */
  initial: ReportValues;
  chosen: boolean;
  onApply: (values: ReportValues) => void;
  onReset: (values: ReportValues) => void;
}) {
  const mobile = useIsMobile();
  const [form] = Form.useForm<FormValues>();
  const [d, f] = periodParams(decl);
  const debut = Form.useWatch(d, form) as Dayjs | null | undefined;
  const fin = Form.useWatch(f, form) as Dayjs | null | undefined;
  const today = todayInGabon();
  const preset =
    debut && fin
      ? (periodeDe({ debut: debut.format(DAY), fin: fin.format(DAY) }, today) ?? PERSONNALISEE)
      : null;
  const presets = decl.period.presets ?? PERIODES_RAPPORT_CLES;
  const initialKey = JSON.stringify(initial);

  // A new report in the address (Back, a link, « Réinitialiser »): the form shows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `initial` is read through its JSON `initialKey`.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(decl, initial));
  }, [initialKey]);

  const submit = (raw: FormValues) => {
    const values = fromForm(decl, raw);
    const errors = reportErrors(decl, values);
    form.setFields(
      [d, ...(decl.filters ?? []).map((x) => x.name)].map((name) => ({
        name,
        errors: errors[name] ? [errors[name]] : [],
      })),
    );
    if (Object.keys(errors).length === 0) onApply(values);
  };
  const wide = mobile ? { width: '100%' } : undefined;
  const disabledDate = decl.period.passeSeulement ? (day: Dayjs) => day.format(DAY) > today : undefined;

  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Form<FormValues>
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        aria-label={decl.filterLabel}
        initialValues={toForm(decl, initial)}
        onFinish={submit}
        style={{ rowGap: 8 }}
      >
        <Form.Item label="Période" style={mobile ? { marginBottom: 8 } : undefined}>
          <Select
            aria-label="Période"
            style={mobile ? { width: '100%' } : { width: 150 }}
            value={preset}
            placeholder="Choisir"
            onChange={(p: string) => {
              if (p === PERSONNALISEE) return;
              const bornes = periodValues(decl, bornesPeriode(p as PeriodeRapport, today));
              form.setFieldsValue(toForm(decl, bornes));
              form.setFields([{ name: d, errors: [] }]);
            }}
            options={[
              ...presets.map((p) => ({ value: p, label: PERIODES_RAPPORT[p] })),
              ...(preset === PERSONNALISEE ? [{ value: PERSONNALISEE, label: 'Personnalisée' }] : []),
            ]}
          />
        </Form.Item>
        <Form.Item name={d} label="Date de début" required>
          <DatePicker format="DD/MM/YYYY" style={wide} disabledDate={disabledDate} {...dateKeys} />
        </Form.Item>
        <Form.Item name={f} label="Date de fin" required>
          <DatePicker format="DD/MM/YYYY" style={wide} disabledDate={disabledDate} {...dateKeys} />
        </Form.Item>
        {(decl.filters ?? []).map((x) => (
          <Form.Item key={x.name} name={x.name} label={x.label} required={Boolean(x.required)}>
            {x.input ??
              (x.options ? (
                <Select
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  placeholder={x.placeholder ?? 'Tous'}
                  style={mobile ? { width: '100%' } : { width: x.width ?? 180 }}
                  options={x.options}
                />
              ) : (
                <Input placeholder={x.placeholder} style={mobile ? undefined : { width: x.width ?? 140 }} />
              ))}
          </Form.Item>
        ))}
        <Space>
          <Button type="primary" htmlType="submit">
            Charger
          </Button>
          {chosen && (
            <Button onClick={() => onReset(fromForm(decl, form.getFieldsValue()))}>Réinitialiser</Button>
          )}
        </Space>
      </Form>
    </Card>
  );
}
