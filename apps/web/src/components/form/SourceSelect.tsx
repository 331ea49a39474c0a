import { Select, type SelectProps } from 'antd';
import type { OptionsSource } from './fields';
import { useOptions } from './useOptions';

export type SourceSelectProps = Omit<SelectProps, 'options' | 'loading' | 'showSearch' | 'value'> & {
  source: OptionsSource;
  value?: string | number | null;
  /** Choices before the API's (« Toutes les entreprises » with the value `''`). */
  first?: Array<{ value: string | number; label: string }>;
};

/**
 * A select fed by the API outside a kit form (a lines editor's cell, a screen's own picker): the first
 * choices, then a server search as one types (`GET {path}/options`), and the label of the value already
 * chosen even when it is not among them. Never the whole table.
 */
export function SourceSelect({ source, value, first, ...rest }: SourceSelectProps) {
  const { options, loading, onSearch } = useOptions(source, [], value ?? undefined);
  return (
    <Select
      {...rest}
      value={value ?? undefined}
      loading={loading}
      options={first ? [...first, ...options] : options}
      showSearch={onSearch ? { filterOption: false, onSearch } : { optionFilterProp: 'label' }}
    />
  );
}
