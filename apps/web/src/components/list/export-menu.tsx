import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS, type ExportFormat } from '@atelier/contracts';
import { Button, type ButtonProps, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';

/**
 * "Export" and its formats: each a download of what the list shows (or the rows ticked), as the
 * server streams it. `href` gives the address of each format.
 */
export function ExportMenu(props: { label: string; href: (format: ExportFormat) => string } & ButtonProps) {
  const { label, href, ...button } = props;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />} {...button}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {EXPORT_FORMATS.map((format) => (
          <Menu.Item key={format} component="a" href={href(format)} download>
            {EXPORT_FORMAT_LABELS[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
