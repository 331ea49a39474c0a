import { Button, Col, Form, type FormRule, Row, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../base/http';
import type { Labels } from '../list/types';
import { ChosenRowContext } from './chosenRows';
import { FieldInput } from './FieldInput';
import type { ChosenRows, FormFieldDecl, FormMode } from './fields';
import { fieldOfParam, isShown, pointParams, valuesToBody } from './formValues';
import { useSingleSubmit } from './useSingleSubmit';
import { type StandardSchema, zodRule } from './zodRule';

interface Props {
  fields: FormFieldDecl[];
  labels: Labels;
  mode: FormMode;
  /** The shared zod schema of the body: each field shows the API's French message. */
  schema?: StandardSchema;
  initialValues: Record<string, unknown>;
  /** Receives the body (dates as YYYY-MM-DD…); a rejected ApiError's fields are shown on their fields. */
  onSubmit: (body: Record<string, unknown>) => Promise<unknown>;
  onCancel: () => void;
  submitLabel?: string;
  /** The cancel button's label (default 'Annuler'; 'Verrouiller' in a locked ↔ editing dialog). */
  cancelLabel?: string;
  /** Every field shown read-only and no buttons: the locked state of a locked ↔ editing dialog. */
  disabled?: boolean;
  ariaLabel: string;
  /** Turns the default body into the API's (e.g. drop what cannot change). */
  toBody?: (body: Record<string, unknown>, mode: FormMode) => unknown;
}

/** A form declared as data: text, number, money, select (static or from the API), date, range, textarea. */
export function EntityForm({
  fields,
  labels,
  mode,
  schema,
  initialValues,
  onSubmit,
  onCancel,
  submitLabel = 'Enregistrer',
  cancelLabel = 'Annuler',
  disabled = false,
  ariaLabel,
  toBody,
}: Props) {
  const [form] = Form.useForm();
  const watched = (Form.useWatch([], form) as Record<string, unknown> | undefined) ?? initialValues;
  const values = { ...initialValues, ...watched };
  const shown = fields.filter((f) => isShown(f, values, mode));

  // Proposed values (`suggest`): a field follows its proposal until the user types a value of their own.
  const [chosen, setChosen] = useState<ChosenRows>({});
  const proposed = useRef<Record<string, unknown>>({});
  const choose = useMemo(
    () => (name: string, row: Record<string, unknown>) => setChosen((c) => ({ ...c, [name]: row })),
    [],
  );
  useEffect(() => {
    for (const field of fields) {
      if (!field.suggest) continue;
      const next = field.suggest(values, chosen);
      if (next === undefined) continue;
      const current = form.getFieldValue(field.name);
      const own =
        current !== undefined &&
        current !== null &&
        current !== '' &&
        current !== proposed.current[field.name];
      proposed.current[field.name] = next;
      if (!own && current !== next) form.setFieldValue(field.name, next);
    }
  });

  const bodyOf = useMemo(
    () => (all: Record<string, unknown>) => valuesToBody(all, fields, (f) => isShown(f, all, mode)),
    [fields, mode],
  );

  // One save at a time: a double-click sends one request (useSingleSubmit).
  const { submit, saving } = useSingleSubmit(async (formValues: Record<string, unknown>) => {
    const all = { ...initialValues, ...formValues };
    const body = bodyOf(all);
    try {
      await onSubmit((toBody ? toBody(body, mode) : body) as Record<string, unknown>);
    } catch (error) {
      if (error instanceof ApiError) {
        form.setFields(
          Object.entries(error.fields)
            .filter(([name]) => name && name !== '_')
            .map(([name, message]) => ({ name: fieldOfParam(name, fields), errors: [message] })),
        );
      }
    }
  });

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      aria-label={ariaLabel}
      disabled={disabled}
    >
      <ChosenRowContext.Provider value={choose}>
        <Row gutter={16}>
          {shown.map((field) => {
            const label = field.label ?? labels[field.name] ?? field.name;
            const paths =
              field.type === 'dateRange'
                ? (field.params ?? ['date_debut', 'date_fin'])
                : field.type === 'point'
                  ? pointParams(field)
                  : [field.bodyName ?? field.name];
            // The shared schema gives the API's own messages; a required field it lets through (its rule
            // is a whole-body refine, not reached while other fields are wrong) is still flagged at once on
            // the first submit, before any request. One message per field (`validateFirst`).
            const required: FormRule[] =
              field.required && field.type !== 'custom' && field.type !== 'point'
                ? [{ required: true, message: `« ${label} » est obligatoire.` }]
                : [];
            const rules = schema
              ? [
                  zodRule(schema, field.name, undefined, {
                    map: (v) => bodyOf({ ...initialValues, ...v }),
                    paths,
                  }),
                  ...required,
                ]
              : required;
            const warning = field.warn?.({ ...values, ...bodyOf(values) });
            return (
              <Col key={field.name} xs={24} md={field.span ?? 12}>
                <Form.Item
                  label={label}
                  name={field.name}
                  rules={rules}
                  extra={warning ? <Typography.Text type="warning">{warning}</Typography.Text> : undefined}
                  required={field.required}
                  validateFirst
                  // A custom input (a list of lines) is checked on save, not while its first line is empty.
                  validateTrigger={field.type === 'custom' ? [] : undefined}
                >
                  <FieldInput field={field} label={label} />
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      </ChosenRowContext.Provider>
      {!disabled && (
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, flexWrap: 'wrap' }}>
          <Button onClick={onCancel} disabled={saving}>
            {cancelLabel}
          </Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {submitLabel}
          </Button>
        </div>
      )}
    </Form>
  );
}
