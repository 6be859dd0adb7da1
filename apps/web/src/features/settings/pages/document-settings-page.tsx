import {
  LIEN_WAIVER_MERGE_FIELDS,
  LIEN_WAIVER_TYPE_LABELS,
  LIEN_WAIVER_TYPES,
  P,
  SETTINGS_GROUPS,
  type Settings,
} from '@atelier/contracts';
import { Card, Code, List, Stack, Text, Title } from '@mantine/core';
import { useCan } from '../../../lib/permissions';
import { SettingsGroupForm } from '../components/settings-group-form';
import { SettingsGroupPage } from '../components/settings-group-page';

/** The firm's own lien waiver texts, one per kind of waiver, and the merge fields they may use. */
function LienWaiverTemplates({ settings }: { settings: Settings }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3" mt="md">
        Lien waiver templates
      </Title>
      <SettingsGroupForm
        group="lienWaiverSettings"
        current={settings.lienWaiverSettings}
        saved="Lien waiver templates saved."
        intro="Each waiver's PDF is made from your text for its kind, with the merge fields filled in. Leave one empty and that kind of waiver has no PDF. The merge fields are listed below."
        texts={LIEN_WAIVER_TYPES.map((type) => ({ name: type, label: LIEN_WAIVER_TYPE_LABELS[type], minRows: 6 }))}
      />
      <Card withBorder padding="lg" maw={720}>
        <Stack gap="xs">
          <Title order={3} size="h5">
            Merge fields
          </Title>
          <List size="sm" spacing={4}>
            {Object.entries(LIEN_WAIVER_MERGE_FIELDS).map(([name, description]) => (
              <List.Item key={name}>
                <Code>{`{{${name}}}`}</Code> — {description}
              </List.Item>
            ))}
          </List>
          <Text size="sm" fw={500}>
            Use your own lawyer's wording: the product ships no statutory form text.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}

/**
 * /s/documents (81): how every PDF the firm sends looks: colour, address block, footer, paper.
 * With the Mechanic liens module, holders of its settings code (79) keep the lien waiver texts here too.
 */
export default function DocumentSettingsPage() {
  const { can, hasFeature } = useCan();
  const look = can(P.MODIFY_FIRM_SETTINGS);
  const waivers =
    can(SETTINGS_GROUPS.lienWaiverSettings.permission) && hasFeature(SETTINGS_GROUPS.lienWaiverSettings.feature);
  return (
    <SettingsGroupPage
      title="Documents"
      description="How your purchase orders and other documents look when printed or emailed as PDF."
      allowed={look || waivers}
      form={(settings) => (
        <>
          {look && (
            <SettingsGroupForm
              group="documentSettings"
              current={settings.documentSettings}
              saved="Document settings saved."
              intro="Your logo is the firm's (Firm settings). Each document's terms are on its own settings page."
              fields={[
                { name: 'accentColor', label: 'Accent colour', placeholder: '#1c7ed6' },
                { name: 'paper', label: 'Paper size', type: 'select', choices: { letter: 'Letter', a4: 'A4' } },
              ]}
              texts={[
                {
                  name: 'addressBlock',
                  label: 'Address block',
                  description: 'Printed under your name: street, town, phone, email, tax number.',
                },
                { name: 'footer', label: 'Footer', description: 'The last line of every page.' },
              ]}
            />
          )}
          {waivers && <LienWaiverTemplates settings={settings} />}
        </>
      )}
    />
  );
}
