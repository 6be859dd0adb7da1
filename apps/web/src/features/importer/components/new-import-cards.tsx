import { IMPORT_KIND_INFO, IMPORT_KINDS } from '@atelier/contracts';
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../../lib/permissions';
import { newImportHref } from '../api';

/** The importer's start: one card per kind of file the person may import (its import code). */
export function NewImportCards() {
  const { can } = useCan();
  const kinds = IMPORT_KINDS.filter((kind) => can(IMPORT_KIND_INFO[kind].code));
  if (kinds.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" component="section" aria-labelledby="new-import">
      <Title order={2} size="h4" id="new-import">
        New import
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {kinds.map((kind) => {
          const info = IMPORT_KIND_INFO[kind];
          return (
            <Card
              key={kind}
              withBorder
              padding="md"
              component={Link}
              to={newImportHref(kind)}
              // A card has no focus ring of its own; a keyboard user needs to see which is focused.
              className="mantine-focus-auto"
            >
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" size="lg" aria-hidden>
                  <IconFileImport size={20} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>Import {info.plural}</Text>
                  <Text size="sm" c="dimmed">
                    CSV or Excel, matched by {info.matchBy}
                  </Text>
                </div>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
