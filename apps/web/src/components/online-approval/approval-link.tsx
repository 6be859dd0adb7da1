import type { ProposalLink } from '@atelier/contracts';
import { Badge, Button, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { ConfirmDialog } from '../confirm-dialog';

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n.toLocaleString('en-US')} times`);

/** A link that works now: not revoked, not past its date, and (for a document with revisions) of the one shown. */
export const linkWorks = (link: ProposalLink | null, revision?: number): link is ProposalLink =>
  Boolean(
    link &&
      (revision === undefined || link.revision === revision) &&
      !link.revokedAt &&
      new Date(link.expiresAt).getTime() > Date.now(),
  );

/**
 * The link a client was sent to approve a document online (a proposal, a change order): when,
 * until when, how it was read; copied, opened or revoked from here.
 */
export function ApprovalLink({
  link,
  revision,
  number,
  noun,
  notSent,
  onRevoke,
  revoking,
}: {
  link: ProposalLink | null;
  /** The document's revision now, for a document with revisions: a link of an older one was replaced. */
  revision?: number;
  /** The document's number, in the revoke dialog: "PR-12". */
  number: string;
  /** "proposal", "change order". */
  noun: string;
  /** What the card says before the first send. */
  notSent: string;
  /** Revokes the link; left out for someone who may not. */
  onRevoke?: () => Promise<unknown>;
  revoking: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!link)
    return (
      <Text size="sm" c="dimmed">
        {notSent}
      </Text>
    );
  const live = linkWorks(link, revision);
  const expired = new Date(link.expiresAt).getTime() <= Date.now();
  const replaced = revision !== undefined && link.revision < revision;
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Title order={3} size="h6">
          {revision === undefined ? 'Link to approve it online' : `Link of revision ${link.revision}`}
        </Title>
        {link.revokedAt ? (
          <Badge color="red" variant="light">
            Revoked {formatDateTime(link.revokedAt)}
          </Badge>
        ) : expired ? (
          <Badge color="orange" variant="light">
            Expired
          </Badge>
        ) : replaced ? (
          <Badge color="grape" variant="light">
            Replaced
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            Working
          </Badge>
        )}
      </Group>
      <Text size="sm">
        Sent {formatDateTime(link.sentAt)} · works until {formatDateTime(link.expiresAt)}
      </Text>
      <Text size="sm">
        {link.viewCount === 0 || !link.firstViewedAt
          ? 'The client has not opened it yet.'
          : `Opened ${times(link.viewCount)}: first ${formatDateTime(link.firstViewedAt)}, last ${formatDateTime(
              link.lastViewedAt ?? link.firstViewedAt,
            )}.`}
      </Text>
      {replaced && (
        <Text size="sm" c="dimmed">
          Revision {revision} is not sent yet: until it is, the link tells the client this one was replaced.
        </Text>
      )}
      {live && (
        <Group gap="xs">
          <CopyButton value={new URL(link.url, window.location.origin).href}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                size="xs"
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? 'Link copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
          <Button
            component="a"
            href={link.url}
            target="_blank"
            rel="noopener"
            variant="default"
            size="xs"
            leftSection={<IconExternalLink size={14} />}
          >
            Open the client’s page
          </Button>
          {onRevoke && (
            <Button variant="default" color="red" size="xs" onClick={() => setAsking(true)}>
              Revoke link
            </Button>
          )}
        </Group>
      )}
      {onRevoke && (
        <ConfirmDialog
          opened={asking}
          title={`Revoke the link to ${number}?`}
          text={`The link stops working at once: the client can no longer open or approve the ${noun} through it. Sending the ${noun} again gives them a new link.`}
          confirm="Revoke the link"
          color="red"
          done={`The link to ${number} no longer works.`}
          run={onRevoke}
          loading={revoking}
          onClose={() => setAsking(false)}
        />
      )}
    </Stack>
  );
}
