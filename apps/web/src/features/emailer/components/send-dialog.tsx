import { type Email, emailSendInputSchema, MAX_SEND_RATE_PER_MINUTE } from '@atelier/contracts';
import {
  Alert,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { MoneyInput } from '../../../components/form/fields';
import { useCheckedSubmit } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useCategories } from '../../categories/api';
import { useSettings } from '../../settings/api';
import { useSegmentCount, useStartSend } from '../api';
import {
  EMPTY_SEGMENT,
  reachWords,
  ruleCount,
  type SegmentState,
  sampleWords,
  segmentError,
  sendWords,
} from '../segment';
import { AccountsSelect } from './accounts-select';

/** What the count says: how many the segment reaches, and the first few by name. */
function Reach({ count, rules }: { count: ReturnType<typeof useSegmentCount>; rules: number }) {
  if (count.isError)
    return (
      <Alert color="red" title="The count could not be made">
        {count.error.message}
      </Alert>
    );
  if (!count.data)
    return (
      <Text size="sm" c="dimmed">
        Counting…
      </Text>
    );
  const { data } = count;
  return (
    <Alert color={data.count === 0 ? 'yellow' : 'blue'} role="status" aria-live="polite">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {reachWords(data.count)}
          {(count.isFetching || count.settling) && <Loader size={12} ml="xs" aria-label="Counting again" />}
        </Text>
        {data.count === 0 ? (
          <Text size="sm">
            {rules === 0
              ? 'No customer with an email address has agreed to marketing emails yet.'
              : 'Nobody matches every rule: loosen one.'}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {sampleWords(
              data.sample.map((s) => s.name),
              data.count,
            )}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * Sends the saved email to a segment: customers who agreed to marketing emails, narrowed by the
 * rules given (all of them at once). The count follows as the rules change; the send goes out at
 * the rate chosen, and its results show on the Sends card.
 */
export function SendDialog({ email, opened, onClose }: { email: Email; opened: boolean; onClose: () => void }) {
  const send = useStartSend(email._id);
  const categories = useCategories();
  const sources = useSettings().data?.customerSettings.sources ?? [];
  const [segment, setSegment] = useState<SegmentState>(EMPTY_SEGMENT);
  const [rate, setRate] = useState<number | string>(120);
  const [rateMissing, setRateMissing] = useState(false);
  const set = <K extends keyof SegmentState>(key: K, value: SegmentState[K]) =>
    setSegment((s) => ({ ...s, [key]: value }));
  const count = useSegmentCount(segment);
  // The button names the count it sends to, and waits while a change is being counted.
  const counting = count.settling || count.isFetching;
  const reached = count.data?.count ?? null;
  const { errors, submit } = useCheckedSubmit(emailSendInputSchema, send.mutateAsync, (started) => {
    toastSuccess(
      `${email.name} is going out to ${started.recipients.toLocaleString('en-US')} customer${started.recipients === 1 ? '' : 's'}, ${started.ratePerMinute} a minute.`,
    );
    onClose();
  });
  const rules = ruleCount(segment);
  return (
    <Modal opened={opened} onClose={onClose} title={`Send ${email.name}`} size="lg">
      <Stack>
        <Text size="sm">
          Only customers who agreed to marketing emails and have an email address get it.{' '}
          {rules === 0 ? 'With no rule below, that is all of them.' : 'They must also meet every rule below.'}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TagsInput
            label="Tagged with any of"
            value={segment.tags}
            onChange={(v) => set('tags', v)}
            error={segmentError(errors, 'tags')}
            clearable
          />
          <AccountsSelect
            label="In any of these accounts"
            value={segment.companies}
            onChange={(v) => set('companies', v)}
            error={segmentError(errors, 'companies')}
          />
          <TagsInput
            label="Came from any of these sources"
            data={sources}
            value={segment.sources}
            onChange={(v) => set('sources', v)}
            error={segmentError(errors, 'sources')}
            clearable
          />
          <MultiSelect
            label="Bought from any of these categories"
            description="Subcategories count too."
            searchable
            clearable
            data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.path }))}
            value={segment.boughtCategories}
            onChange={(v) => set('boughtCategories', v)}
            error={segmentError(errors, 'boughtCategories')}
          />
          <MoneyInput
            label="Spent more than"
            description="On confirmed orders, in all."
            cents={segment.spentOverCents ?? undefined}
            onChange={(cents) => set('spentOverCents', cents ?? null)}
            error={segmentError(errors, 'spentOverCents')}
          />
          <TextInput
            type="date"
            label="Last ordered before"
            description="Customers who have not ordered since."
            value={segment.lastOrderBefore ?? ''}
            onChange={(e) => set('lastOrderBefore', e.currentTarget.value || null)}
            error={segmentError(errors, 'lastOrderBefore')}
          />
        </SimpleGrid>
        <NumberInput
          label="Send at most, a minute"
          description={`Emails handed to the mail server each minute (up to ${MAX_SEND_RATE_PER_MINUTE}). A slower pace keeps mail servers from taking you for a spammer.`}
          suffix=" emails"
          min={1}
          max={MAX_SEND_RATE_PER_MINUTE}
          allowDecimal={false}
          clampBehavior="blur"
          value={rate}
          onChange={setRate}
          error={rateMissing ? 'Say how many emails go out a minute.' : errors.ratePerMinute}
          maw={280}
        />
        <Reach count={count} rules={rules} />
        {errors.segment && (
          <Text size="sm" c="red.8">
            {errors.segment}
          </Text>
        )}
        <DialogActions
          onCancel={onClose}
          confirm={reached === null ? 'Send' : sendWords(reached)}
          disabled={!reached || counting}
          loading={send.isPending}
          onConfirm={() => {
            // Left out, the contract would send 120 a minute: an emptied field asks instead.
            setRateMissing(rate === '');
            if (rate !== '') void submit({ segment, ratePerMinute: Number(rate) });
          }}
        />
      </Stack>
    </Modal>
  );
}
