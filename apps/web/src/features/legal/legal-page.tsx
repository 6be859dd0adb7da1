import { Container, List, Stack, Text, Title } from '@mantine/core';

export type Section = { heading: string; paragraphs?: string[]; items?: string[] };

export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: string;
  sections: Section[];
}) {
  return (
    <Container size="sm" py="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" size="sm" mt={4}>
            Last updated {updated}
          </Text>
        </div>
        <Text>{intro}</Text>
        {sections.map((section) => (
          <Stack key={section.heading} gap="xs">
            <Title order={2} size="h4">
              {section.heading}
            </Title>
            {section.paragraphs?.map((p) => (
              <Text key={p}>{p}</Text>
            ))}
            {section.items && (
              <List spacing={4}>
                {section.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
