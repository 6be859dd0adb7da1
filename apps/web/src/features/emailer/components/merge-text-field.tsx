import { ActionIcon, Code, Group, Menu, Text, Textarea, TextInput } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useRef } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useMergeRefs } from '../../../lib/merge-refs';
import { insertAt, MERGE_FIELD_ITEMS } from '../blocks';

/** The merge fields, to insert one: a small button whose menu lists them by name, with how each is written. */
export function MergeFieldMenu({ label, onPick }: { label: string; onPick: (token: string) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} title={label}>
          <IconBraces size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Insert a merge field</Menu.Label>
        {MERGE_FIELD_ITEMS.map((item) => (
          <Menu.Item key={item.value} onClick={() => onPick(item.value)}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">{item.label}</Text>
              <Code>{item.value}</Code>
            </Group>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

type Input = HTMLInputElement & HTMLTextAreaElement;

function MergeInput(props: {
  label: string;
  description?: string;
  placeholder?: string;
  required?: boolean;
  multiline?: boolean;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  fieldRef: (el: Input | null) => void;
}) {
  const own = useRef<Input | null>(null);
  const ref = useMergeRefs<Input>([own, props.fieldRef]);
  const insert = (token: string) => {
    const el = own.current;
    const at = insertAt(
      props.value,
      el?.selectionStart ?? props.value.length,
      el?.selectionEnd ?? props.value.length,
      token,
    );
    props.onChange(at.text);
    // After the new value is drawn: the cursor goes after what was inserted.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at.caret, at.caret);
    });
  };
  const common = {
    label: props.label,
    description: props.description,
    placeholder: props.placeholder,
    withAsterisk: props.required,
    error: props.error,
    value: props.value,
    onChange: (e: React.ChangeEvent<Input>) => props.onChange(e.currentTarget.value),
    onBlur: props.onBlur,
    ref,
    rightSection: <MergeFieldMenu label={`Insert a merge field into ${props.label}`} onPick={insert} />,
    rightSectionPointerEvents: 'all' as const,
  };
  return props.multiline ? <Textarea {...common} autosize minRows={3} /> : <TextInput {...common} />;
}

/**
 * A text field of an email that may hold merge fields: a button beside it inserts one where the
 * cursor is (or in place of the selection).
 */
export function MergeTextField<V extends FieldValues>(props: {
  form: UseFormReturn<V>;
  name: Path<V>;
  label: string;
  description?: string;
  placeholder?: string;
  required?: boolean;
  multiline?: boolean;
  error?: string;
}) {
  const { form, name, ...rest } = props;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <MergeInput
          {...rest}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          fieldRef={field.ref}
        />
      )}
    />
  );
}
