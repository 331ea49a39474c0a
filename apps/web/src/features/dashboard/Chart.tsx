import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { type EChartsOption, echarts } from './echarts';

/** What a click on a bar, point or slice reports: its series, its index in the data and its name. */
export interface ChartClick {
  seriesName?: string;
  seriesIndex?: number;
  dataIndex: number;
  name: string;
}

interface Props {
  title: string;
  /** File name of the PNG (without extension). */
  name: string;
  option: EChartsOption | null;
  height?: number;
  onClick?: (event: ChartClick) => void;
  extra?: ReactNode;
  /** Shown under the title (a total, the month of the target…). */
  footer?: ReactNode;
  /** What the card says when `option` is null, if not 'Aucune donnée disponible'. */
  emptyText?: string;
}

export const EMPTY_TEXT = 'Aucune donnée disponible';

/** A chart in a card, with 'Enregistrer en PNG'; `option` null shows 'Aucune donnée disponible'. */
export function ChartCard({ title, name, option, height = 300, onClick, extra, footer, emptyText }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const click = useRef(onClick);
  click.current = onClick;

  const shown = option !== null;
  useEffect(() => {
    if (!shown || !el.current) return;
    const instance = echarts.init(el.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (e) => {
      const p = e as unknown as ChartClick;
      click.current?.({
        seriesName: p.seriesName,
        seriesIndex: p.seriesIndex,
        dataIndex: p.dataIndex,
        name: p.name,
      });
    });
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el.current);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [shown]);

  useEffect(() => {
    if (!option || !chart.current) return;
    // No animation for people (and tests) who asked the system for less motion.
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    chart.current.setOption({ ...option, animation: !still }, { notMerge: true });
  }, [option]);

  const savePng = () => {
    if (!chart.current) return;
    const url = chart.current.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
    const link = document.createElement('a');
    link.href = url;
    link.download = `${name}.png`;
    document.body.appendChild(link);
    link.click();
    link.remove();
  };

  return (
    <Card
      title={title}
      size="small"
      data-chart={name}
      extra={
        <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
          {extra}
          {option && (
            <Tooltip title="Enregistrer en PNG">
              <Button
                type="text"
                size="small"
                icon={<DownloadOutlined />}
                aria-label={`Enregistrer « ${title} » en PNG`}
                onClick={savePng}
              />
            </Tooltip>
          )}
        </span>
      }
      styles={{ body: { padding: 12 } }}
    >
      {footer}
      {option ? (
        // Keyed apart from the empty state: ECharts owns this div's children and clears them on dispose.
        <div key="chart" ref={el} role="img" aria-label={title} style={{ width: '100%', height }} />
      ) : (
        <div key="empty" style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? EMPTY_TEXT} />
        </div>
      )}
    </Card>
  );
}
