import type { FormRule } from 'antd';

/**
 * The Standard Schema interface that zod 4 schemas implement; enough to validate without importing zod.
 * https://standardschema.dev
 */
interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
}
type StandardResult =
  | { readonly value: unknown; readonly issues?: undefined }
  | { readonly issues: readonly StandardIssue[] };
export interface StandardSchema {
  readonly '~standard': { validate(value: unknown): StandardResult | Promise<StandardResult> };
}

const keyOf = (segment: PropertyKey | { readonly key: PropertyKey } | undefined) =>
  segment !== null && typeof segment === 'object' ? segment.key : segment;

export interface ZodRuleOptions {
  /** Turns the form's values into what the schema reads (dayjs dates → `YYYY-MM-DD`…). */
  map?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** The schema paths reported on this field (default: the field; a date range: its two ends). */
  paths?: string[];
}

/**
 * An antd rule checking one field with a shared zod schema, so the form shows the very message the API
 * would answer. The whole form is validated, so cross-field rules (a confirmation) work too; `context`
 * adds values that are not form fields (a token, a user id).
 *
 *   <Form.Item name="email" rules={[zodRule(LoginBody, 'email')]}>
 */
export function zodRule(
  schema: StandardSchema,
  field: string,
  context?: () => Record<string, unknown>,
  options: ZodRuleOptions = {},
): FormRule {
  return (form) => ({
    async validator() {
      const formValues = form.getFieldsValue(true) as Record<string, unknown>;
      const values = { ...context?.(), ...(options.map ? options.map(formValues) : formValues) };
      const result = await schema['~standard'].validate(values);
      if (!result.issues) return;
      const paths = options.paths ?? [field];
      const issue = result.issues.find((i) => paths.includes(String(keyOf(i.path?.[0]))));
      if (issue) throw new Error(issue.message);
    },
  });
}
