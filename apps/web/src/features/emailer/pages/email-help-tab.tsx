import { EMAIL_BLOCK_LABELS, MAX_SEND_RATE_PER_MINUTE, MERGE_FIELDS, type MergeField } from '@atelier/contracts';
import { Anchor, Card, Code, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { mergeToken } from '../blocks';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** /u/emailer/{id}/help: how the emailer works, in plain words. */
export default function EmailHelpTab() {
  return (
    <Stack maw={900}>
      <Section title="Build it from blocks">
        <Text size="sm">
          An email is a column of blocks, read top to bottom. On the Editor tab, add a block, fill it in, and drag it
          into place by its handle (or move it with the arrows). Save when you are done: nothing changes for anyone
          until you do.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <b>{EMAIL_BLOCK_LABELS.heading}</b>: a title in large type.
          </List.Item>
          <List.Item>
            <b>{EMAIL_BLOCK_LABELS.text}</b>: paragraphs with bold, italics, lists and links.
          </List.Item>
          <List.Item>
            <b>{EMAIL_BLOCK_LABELS.image}</b>: a picture you upload, with words for those who cannot see it, and a link
            if you like.
          </List.Item>
          <List.Item>
            <b>{EMAIL_BLOCK_LABELS.button}</b>: a call to action (“Book a visit”) that opens a web address.
          </List.Item>
          <List.Item>
            <b>{EMAIL_BLOCK_LABELS.products}</b>: up to 6 of your products, each with its picture, name and price.
          </List.Item>
          <List.Item>
            <b>{EMAIL_BLOCK_LABELS.footer}</b>: small print near the end.
          </List.Item>
        </List>
        <Text size="sm">
          The Preview tab shows the saved email as a desktop and a phone mail app would, and its plain-text part. “Send
          a test to me” sends it to your own address first.
        </Text>
      </Section>

      <Section title="Merge fields">
        <Text size="sm">
          Write a merge field in the subject, the preview line or a block, and each customer gets their own value in its
          place: “Hello {mergeToken('first_name')}” reaches Casey as “Hello Casey”. The <Code>{'{ }'}</Code> button
          beside a field inserts one. Only these exist; anything else in double braces is refused when you save.
        </Text>
        <Table.ScrollContainer minWidth={360}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Write</Table.Th>
                <Table.Th>To get</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(Object.keys(MERGE_FIELDS) as MergeField[]).map((field) => (
                <Table.Tr key={field}>
                  <Table.Td>
                    <Code>{mergeToken(field)}</Code>
                  </Table.Td>
                  <Table.Td>{MERGE_FIELDS[field].label}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed">
          A customer without a value (no account, say) gets nothing in its place, so write sentences that still read
          well without it.
        </Text>
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="Who gets a send">
          <Text size="sm">
            Only customers who agreed to marketing emails and have an email address. Nobody else is ever sent one,
            whatever rules you choose.
          </Text>
          <Text size="sm">
            When you send, you may narrow it down: by tags, accounts, where they came from, what they bought, how much
            they spent, or when they last ordered. A customer must meet every rule you give. The dialog counts them as
            you go, and names the first few.
          </Text>
        </Section>
        <Section title="Unsubscribing, and your address">
          <Text size="sm">
            Every email carries a link to unsubscribe and your firm’s postal address, as the law asks of marketing
            emails. The address is the one in{' '}
            <Anchor component={Link} to="/s/messaging">
              messaging settings
            </Anchor>
            , or else the address block of{' '}
            <Anchor component={Link} to="/s/documents">
              document settings
            </Anchor>
            ; with neither, nothing can be sent. Whoever unsubscribes gets no more marketing emails from you, even from
            a send already under way.
          </Text>
        </Section>
        <Section title="How fast it goes">
          <Text size="sm">
            A send goes out at the rate you choose, from 1 to {MAX_SEND_RATE_PER_MINUTE} emails a minute (120 unless you
            change it). Going slowly keeps mail servers from taking you for a spammer. You may leave the page: the send
            carries on, and its results fill in on the Details tab.
          </Text>
        </Section>
        <Section title="Results">
          <Text size="sm">
            <b>Delivered</b> and <b>bounced</b> are what the mail server answered when each email went out; a refusal
            that comes back later by email is not counted. <b>Waiting</b> have not gone yet; <b>skipped</b> unsubscribed
            before their turn came.
          </Text>
          <Text size="sm">
            <b>Opened</b> and <b>clicked</b> are counted only while “Count opens and clicks” is on in{' '}
            <Anchor component={Link} to="/s/messaging">
              messaging settings
            </Anchor>
            . Mail apps that block images hide some opens, so read them as a lower bound.
          </Text>
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
