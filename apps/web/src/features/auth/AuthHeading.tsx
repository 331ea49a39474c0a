import type { ReactNode } from 'react';

/**
 * The title and one-line explanation at the top of each sign-in card. Plain elements styled like antd's
 * Typography (level 3 title, secondary paragraph): Typography's code (ellipsis, copy, edit, tooltips)
 * would weigh more than the rest of the sign-in form.
 */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header style={{ marginBottom: 20 }}>
      <h3
        style={{ margin: 0, fontWeight: 600, fontSize: 24, lineHeight: 1.35, color: 'rgba(0, 0, 0, 0.88)' }}
      >
        {title}
      </h3>
      {children && <p style={{ margin: '6px 0 0', color: 'rgba(0, 0, 0, 0.45)' }}>{children}</p>}
    </header>
  );
}
