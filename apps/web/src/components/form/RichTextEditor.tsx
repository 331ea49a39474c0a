import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Tooltip } from 'antd';
import { useEffect } from 'react';

/** An empty document as TipTap writes it: sent as null. */
const EMPTY = new Set(['', '<p></p>']);
const normalise = (html: string) => (EMPTY.has(html.trim()) ? null : html);

export interface RichTextProps {
  value?: string | null;
  onChange?: (html: string | null) => void;
  /** Accessible name of the editable area (the field's label). */
  label: string;
  placeholder?: string;
  readOnly?: boolean;
}

/**
 * A rich-text input (TipTap starter kit: paragraphs, bold, italic, underline, strike, lists, headings,
 * links with http/https/mailto/tel only). Its value is HTML, sanitised again by the API
 * (`sanitizeRichText`). Loaded on demand: import it through `RichText.tsx`, never directly.
 */
export default function RichTextEditor({ value, onChange, label, readOnly }: RichTextProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } })],
    content: value ?? '',
    editable: !readOnly,
    editorProps: {
      attributes: {
        'aria-label': label,
        role: readOnly ? 'document' : 'textbox',
        'aria-multiline': 'true',
        class: 'yams-richtext',
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(normalise(e.getHTML())),
  });
  // A value set from outside (the form reset, another row) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = normalise(editor.getHTML());
    if ((value ?? null) !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
    }),
  });

  if (readOnly) return <EditorContent editor={editor} />;
  const tool = (
    key: keyof NonNullable<typeof active>,
    title: string,
    icon: React.ReactNode,
    run: () => void,
  ) => (
    <Tooltip title={title} key={key}>
      <Button
        size="small"
        type={active?.[key] ? 'primary' : 'text'}
        aria-label={title}
        aria-pressed={active?.[key] ?? false}
        icon={icon}
        onClick={run}
      />
    </Tooltip>
  );
  const chain = () => editor!.chain().focus();
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <div
        role="toolbar"
        aria-label={`Mise en forme : ${label}`}
        style={{ display: 'flex', gap: 2, padding: 4, borderBottom: '1px solid #f0f0f0', flexWrap: 'wrap' }}
      >
        {tool('bold', 'Gras', <BoldOutlined />, () => chain().toggleBold().run())}
        {tool('italic', 'Italique', <ItalicOutlined />, () => chain().toggleItalic().run())}
        {tool('underline', 'Souligné', <UnderlineOutlined />, () => chain().toggleUnderline().run())}
        {tool('strike', 'Barré', <StrikethroughOutlined />, () => chain().toggleStrike().run())}
        {tool('bullet', 'Liste à puces', <UnorderedListOutlined />, () => chain().toggleBulletList().run())}
        {tool('ordered', 'Liste numérotée', <OrderedListOutlined />, () => chain().toggleOrderedList().run())}
      </div>
      <EditorContent editor={editor} style={{ padding: '4px 11px', minHeight: 90 }} />
    </div>
  );
}
