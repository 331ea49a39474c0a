import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextProps } from './RichTextEditor';

const Editor = lazy(() => import('./RichTextEditor'));

/**
 * The rich-text field (`type: 'richText'`) and its read-only view, with TipTap loaded on first use so
 * that pages without rich text (the login page) do not download it.
 */
export function RichText(props: RichTextProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} title={false} />}>
      <Editor {...props} />
    </Suspense>
  );
}
