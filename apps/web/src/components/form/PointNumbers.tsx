import { InputNumber, Space } from 'antd';

type Half = { lat: number | null; lng: number | null };

/**
 * A `point` field without its own input: latitude and longitude typed as two numbers. A half-typed point is
 * kept as it is (the API then says the two go together); both cleared is no point.
 */
export function PointNumbers({
  value,
  onChange,
  label,
}: {
  value: unknown;
  onChange: (value: Half | null) => void;
  label: string;
}) {
  const v = (value ?? null) as Partial<Half> | null;
  const lat = typeof v?.lat === 'number' ? v.lat : null;
  const lng = typeof v?.lng === 'number' ? v.lng : null;
  const set = (next: Half) => onChange(next.lat === null && next.lng === null ? null : next);
  return (
    <Space.Compact block>
      <InputNumber<number>
        style={{ width: '50%' }}
        placeholder="Latitude"
        aria-label={`${label} : latitude`}
        step={0.0001}
        value={lat}
        onChange={(x) => set({ lat: x ?? null, lng })}
      />
      <InputNumber<number>
        style={{ width: '50%' }}
        placeholder="Longitude"
        aria-label={`${label} : longitude`}
        step={0.0001}
        value={lng}
        onChange={(x) => set({ lat, lng: x ?? null })}
      />
    </Space.Compact>
  );
}
