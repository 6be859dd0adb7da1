import type { PricedLine, PublicLine, PublicSection } from '@atelier/contracts';
import { Badge, Group, Image, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import { useId } from 'react';
import { formatMoney } from '../../lib/format';
import { ProposalLines } from './proposal-lines';

const STATUS_BADGES = {
  approved: { color: 'green', label: 'Approved' },
  declined: { color: 'red', label: 'Declined' },
} as const;

/** One section: its title and decision, its words, its pictures, its lines and what they come to. */
export function ProposalSection({
  section,
  lines,
  priced,
  subtotalCents,
  editable,
  onOptional,
  onAlternative,
}: {
  section: PublicSection;
  /** Its lines as they stand (ticked here, or as decided). */
  lines: PublicLine[];
  priced: Map<string, PricedLine>;
  subtotalCents: number;
  editable: boolean;
  onOptional: (lineId: string, on: boolean) => void;
  onAlternative: (lineId: string) => void;
}) {
  const headingId = useId();
  const badge = section.status === 'open' ? null : STATUS_BADGES[section.status];
  const images = section.images;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={2} size="h3" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {section.title}
        </Title>
        {badge && (
          <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
            {badge.label}
          </Badge>
        )}
      </Group>
      {section.body && (
        <Typography style={{ overflowWrap: 'anywhere' }}>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server keeps only its rich-text allow-list (decision 0028). */}
          <div dangerouslySetInnerHTML={{ __html: section.body }} />
        </Typography>
      )}
      {images.length > 0 && (
        <SimpleGrid cols={{ base: images.length === 1 ? 1 : 2, sm: Math.min(images.length, 3) }} spacing="sm">
          {images.map((url, i) => (
            <Image
              key={url}
              src={url}
              alt={`${section.title}: picture ${i + 1} of ${images.length}`}
              radius="sm"
              loading="lazy"
              fit="cover"
              style={{ aspectRatio: '4 / 3' }}
            />
          ))}
        </SimpleGrid>
      )}
      <ProposalLines
        lines={lines}
        priced={priced}
        editable={editable}
        onOptional={onOptional}
        onAlternative={onAlternative}
      />
      {lines.length > 0 && (
        <Group justify="flex-end" gap="xs">
          {section.status === 'declined' ? (
            <Text size="sm" c="dimmed">
              This section was declined, so it is not counted in the total.
            </Text>
          ) : (
            <>
              <Text size="sm">Section subtotal</Text>
              <Text size="sm" fw={700}>
                {formatMoney(subtotalCents)}
              </Text>
            </>
          )}
        </Group>
      )}
    </Stack>
  );
}
