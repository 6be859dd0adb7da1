import { Button, Modal, NavLink, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useProductTemplates } from '../templates-api';

/** The products list's "New from template": pick one, and the new product's form starts filled in. */
export function NewFromTemplate() {
  const templates = useProductTemplates().data ?? [];
  const [open, setOpen] = useState(false);
  if (templates.length === 0) return null;
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        New from template
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="New product from a template">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Its unit, pricing, category, filters and options are filled in; you give the name and price.
          </Text>
          <nav aria-label="Product templates">
            {templates.map((t) => (
              <NavLink
                key={t._id}
                component={Link}
                to={`/p/products/new?template=${t._id}`}
                label={t.name}
                description={t.fields.options.map((o) => o.name).join(', ') || undefined}
                onClick={() => setOpen(false)}
              />
            ))}
          </nav>
        </Stack>
      </Modal>
    </>
  );
}
