import '@mantine/tiptap/styles.css';
import { Menu } from '@mantine/core';
import { H2Control, H3Control, Link, RichTextEditor } from '@mantine/tiptap';
import { IconBraces } from '@tabler/icons-react';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

export type RichTextEditorProps = {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The ids of the label and of the description or error, for screen readers. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** Snippets the toolbar offers to insert at the cursor (an email's merge fields), under a menu named `label`. */
  inserts?: RichTextInserts;
};

export type RichTextInserts = { label: string; items: readonly { value: string; label: string }[] };

/**
 * The rich-text editor (Tiptap, decision 0028), loaded with the first form that has one. It writes
 * only what the server keeps (platform/text/rich-text.ts): no code blocks, headings 2 to 4.
 */
export default function RichTextEditorInput({
  value,
  onChange,
  onBlur,
  labelledBy,
  describedBy,
  invalid,
  inserts,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, codeBlock: false, heading: { levels: [2, 3, 4] } }),
      Link.configure({ openOnClick: false }),
    ],
    content: value,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    // An emptied editor is no description, not "<p></p>".
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  });

  // The form's value changed from outside (reset after a save, a template applied): show it.
  // An editor already destroyed (its page left as the form re-rendered) has no schema to read.
  useEffect(() => {
    if (!editor || editor.isDestroyed || editor.isFocused) return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (shown !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <RichTextEditor editor={editor} style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <H2Control />
          <H3Control />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
        {inserts && (
          <RichTextEditor.ControlsGroup>
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <RichTextEditor.Control aria-label={inserts.label} title={inserts.label}>
                  <IconBraces size={16} stroke={1.5} />
                </RichTextEditor.Control>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{inserts.label}</Menu.Label>
                {inserts.items.map((item) => (
                  <Menu.Item key={item.value} onClick={() => editor?.chain().focus().insertContent(item.value).run()}>
                    {item.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </RichTextEditor.ControlsGroup>
        )}
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={120} />
    </RichTextEditor>
  );
}
