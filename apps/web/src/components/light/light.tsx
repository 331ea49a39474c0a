import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { type CSSProperties, createElement, type MouseEvent, type ReactNode, useId } from 'react';
import { navigate } from '../../base/nav';
import './light.css';

/**
 * The first screen's pieces without antd: the sign-in page, the start-up spinner and failure, the offline
 * banner and a screen that failed to load are shown before antd's code (≈ 75 KB gzip) is needed, so that
 * the sign-in page opens fast on a slow mobile connection (size budget in
 * scripts/size-budget.mjs). They look like their antd counterparts (light.css). Everywhere else, use antd.
 */

type AbstractNode = { tag: string; attrs: Record<string, string>; children?: AbstractNode[] };

function renderNode(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { key, ...node.attrs }, node.children?.map(renderNode));
}

/** An icon of @ant-design/icons-svg (the same drawings as @ant-design/icons, without its runtime). */
export function Icon({
  icon,
  size = 16,
  style,
}: {
  icon: IconDefinition;
  size?: number;
  style?: CSSProperties;
}) {
  const svg = icon.icon as AbstractNode | ((primary: string, secondary: string) => AbstractNode);
  const node = typeof svg === 'function' ? svg('currentColor', 'currentColor') : svg;
  return createElement(
    'svg',
    { ...node.attrs, width: size, height: size, fill: 'currentColor', 'aria-hidden': true, style },
    node.children?.map(renderNode),
  );
}

/** A loading indicator (antd's large Spin); `small` inside a primary button. */
export function Spinner({ small = false, label }: { small?: boolean; label?: string }) {
  const className = small ? 'yl-spinner yl-spinner-small' : 'yl-spinner';
  if (!label) return <span className={className} aria-hidden />;
  return <span className={className} role="status" aria-label={label} />;
}

/** A spinner in the middle of the space it is given (a page, a card). */
export function CenteredSpinner({
  minHeight = '100vh',
  label,
}: {
  minHeight?: number | string;
  label?: string;
}) {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight }}>
      <Spinner label={label} />
    </div>
  );
}

export interface LightButtonProps {
  children: ReactNode;
  primary?: boolean;
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  loading?: boolean;
  submit?: boolean;
  onClick?: () => void;
}

/** antd's Button (default or primary; `loading` shows a spinner and ignores clicks). */
export function LightButton({
  children,
  primary = false,
  size = 'middle',
  block = false,
  loading = false,
  submit = false,
  onClick,
}: LightButtonProps) {
  const className = [
    'yl-btn',
    primary && 'yl-btn-primary',
    size !== 'middle' && `yl-btn-${size}`,
    block && 'yl-btn-block',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={submit ? 'submit' : 'button'}
      className={className}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) event.preventDefault();
        else onClick?.();
      }}
    >
      {loading && <Spinner small={primary} />}
      <span>{children}</span>
    </button>
  );
}

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field, in red; the field is marked invalid. */
  error?: string;
  prefix?: IconDefinition;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
}

/** A labelled large input with a leading icon and its error underneath (antd's Form.Item + Input). */
export function TextField({
  label,
  value,
  onChange,
  error,
  prefix,
  type = 'text',
  ...input
}: TextFieldProps) {
  const id = useId();
  return (
    <div className={error ? 'yl-field yl-field-error' : 'yl-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="yl-affix">
        {prefix && <Icon icon={prefix} />}
        <input
          id={id}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
      </div>
      {error && (
        <div id={`${id}-error`} className="yl-field-message" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** antd's Checkbox with its label. */
export function CheckboxField({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="yl-checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{children}</span>
    </label>
  );
}

/**
 * A link to another screen of the app without react-router's `Link` (the sign-in page opens before the router
 * is loaded): a plain click moves in the app (`base/nav`), a middle or modified click opens a tab as usual.
 */
export function InAppLink({ to, children }: { to: string; children: ReactNode }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick}>
      {children}
    </a>
  );
}
