import {
  BUILT_NAV_HREFS,
  INVALID_SEARCH_TYPE,
  type RecentSearch,
  SEARCH_CATEGORIES,
  SEARCH_FOCUS_DELAY_MS,
  type SearchResult,
  searchableCategory,
} from '@atelier/contracts';
import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Kbd,
  Loader,
  Modal,
  NavLink,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconStar, IconStarFilled, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  recentSearchKey,
  runSearch,
  useDeleteSearch,
  useRecentSearches,
  useRecordSearch,
  useSaveSearch,
} from '../../features/search/api';
import { showSubmitError } from '../../lib/forms';
import { toastError } from '../../lib/toast';

const CATEGORY_OPTIONS = SEARCH_CATEGORIES.map((c) => ({ value: c.key, label: c.label }));
const labelOf = (type: string) => SEARCH_CATEGORIES.find((c) => c.key === type)?.label ?? type;
const listHrefOf = (type: string) => {
  const href = SEARCH_CATEGORIES.find((c) => c.key === type)?.href;
  return href && BUILT_NAV_HREFS.has(href) ? href : null;
};

/** The global search dialog (spec section 4), loaded on its first opening. */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<string>('all');
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState(-1);
  const [results, setResults] = useState<{ q: string; type: string; items: SearchResult[] } | null>(null);
  const [searching, setSearching] = useState(false);
  const recent = useRecentSearches(true);
  const record = useRecordSearch();
  const save = useSaveSearch();
  const remove = useDeleteSearch();
  const searches = recent.data ?? [];
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });

  // The search box takes the focus after a moment, unless the person has already gone for
  // another control (opening "Search in" must not be closed by the focus moving away).
  const movedOn = useRef(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (!movedOn.current) input.current?.focus();
    }, SEARCH_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  // Closing clears the query and the recent searches; the next opening loads them afresh.
  const close = () => {
    queryClient.removeQueries({ queryKey: recentSearchKey });
    onClose();
  };

  async function run(q: string, category: string) {
    const text = q.trim();
    if (!text) return;
    if (!searchableCategory(category)) {
      toastError(INVALID_SEARCH_TYPE);
      return;
    }
    setSearching(true);
    try {
      const [items] = await Promise.all([
        runSearch(text, category),
        record.mutateAsync({ name: text, search: text, type: category }),
      ]);
      setResults({ q: text, type: category, items });
    } catch (error) {
      showSubmitError(error);
    } finally {
      setSearching(false);
    }
  }

  function open(result: SearchResult) {
    record.mutate({ name: result.title, search: results?.q ?? result.title, type: result.type, search_id: result._id });
    close();
    navigate(result.href);
  }

  function pick(s: RecentSearch) {
    if (s.search_id) {
      const href = SEARCH_CATEGORIES.find((c) => c.key === s.type)?.href;
      if (href) {
        close();
        navigate(`${href}/${s.search_id}`);
        return;
      }
    }
    setQuery(s.search);
    setType(s.type);
    void run(s.search, s.type);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = highlight >= 0 ? searches[highlight] : undefined;
      if (chosen) pick(chosen);
      else void run(query, type);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (query || results) {
        setQuery('');
        setResults(null);
        setHighlight(-1);
      } else close();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && searches.length > 0) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = (highlight + step + searches.length + 1) % (searches.length + 1);
      const chosen = next < searches.length ? searches[next] : undefined;
      setHighlight(chosen ? next : -1);
      if (chosen) {
        setQuery(chosen.search);
        setType(chosen.type);
      }
    }
  }

  const listHref = results ? listHrefOf(results.type) : null;
  return (
    <Modal opened onClose={close} title="Search" size="lg" fullScreen={phone} closeOnEscape={false} trapFocus>
      <Stack
        gap="md"
        onPointerDownCapture={() => {
          movedOn.current = true;
        }}
      >
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label="Search in"
            data={CATEGORY_OPTIONS}
            value={type}
            onChange={(value) => setType(value ?? 'all')}
            allowDeselect={false}
            w={180}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            ref={input}
            label="Search for"
            placeholder="Name, number, email or phone"
            value={query}
            onChange={(e) => {
              setQuery(e.currentTarget.value);
              setHighlight(-1);
            }}
            onKeyDown={onKeyDown}
            leftSection={searching ? <Loader size={14} /> : <IconSearch size={16} />}
            style={{ flex: 1, minWidth: 200 }}
          />
        </Group>
        <Text size="xs" c="dimmed">
          <Kbd size="xs">Enter</Kbd> searches, <Kbd size="xs">Esc</Kbd> clears, <Kbd size="xs">↑</Kbd>{' '}
          <Kbd size="xs">↓</Kbd> go through recent searches.
        </Text>

        {results &&
          (results.items.length === 0 ? (
            <Stack gap={4} role="status">
              <Text fw={600}>No results found</Text>
              <Text size="sm" c="dimmed">
                We couldn’t find anything with that term. Please try again.
              </Text>
            </Stack>
          ) : (
            <Stack gap={4} aria-label="Results" role="list">
              {results.items.map((r) => (
                <NavLink
                  key={`${r.type}-${r._id}`}
                  role="listitem"
                  onClick={() => open(r)}
                  label={r.title}
                  description={r.subtitle || undefined}
                  rightSection={
                    <Group gap={4} wrap="nowrap">
                      {r.archived && (
                        <Badge variant="light" color="gray">
                          Archived
                        </Badge>
                      )}
                      <Badge variant="light">{labelOf(r.type)}</Badge>
                    </Group>
                  }
                />
              ))}
            </Stack>
          ))}
        {results && listHref && (
          <Anchor component={Link} to={`${listHref}?q=${encodeURIComponent(results.q)}`} onClick={close} size="sm">
            Open the {labelOf(results.type).toLowerCase()} list with “{results.q}”
          </Anchor>
        )}

        <RecentList
          title="Saved searches"
          searches={searches}
          saved
          highlight={highlight}
          onPick={pick}
          onRemove={(s) => remove.mutateAsync(s._id).catch(showSubmitError)}
        />
        <RecentList
          title="Recent searches"
          searches={searches}
          saved={false}
          highlight={highlight}
          onPick={pick}
          onSave={(s) => save.mutateAsync({ name: s.name, search: s.search, type: s.type }).catch(showSubmitError)}
          onRemove={(s) => remove.mutateAsync(s._id).catch(showSubmitError)}
        />
      </Stack>
    </Modal>
  );
}

function RecentList(props: {
  title: string;
  searches: RecentSearch[];
  saved: boolean;
  highlight: number;
  onPick: (s: RecentSearch) => void;
  onSave?: (s: RecentSearch) => void;
  onRemove: (s: RecentSearch) => void;
}) {
  const shown = props.searches.map((s, index) => ({ s, index })).filter(({ s }) => s.saved === props.saved);
  if (shown.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} c="dimmed">
        {props.title}
      </Text>
      {shown.map(({ s, index }) => (
        <Group
          key={s._id}
          justify="space-between"
          wrap="nowrap"
          gap="xs"
          px="xs"
          py={4}
          aria-current={index === props.highlight ? 'true' : undefined}
          style={{
            borderRadius: 'var(--mantine-radius-sm)',
            background: index === props.highlight ? 'var(--mantine-color-default-hover)' : undefined,
          }}
        >
          <UnstyledButton onClick={() => props.onPick(s)} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" truncate>
              {s.name}{' '}
              <Text span size="xs" c="dimmed">
                in {labelOf(s.type)}
              </Text>
            </Text>
          </UnstyledButton>
          {props.onSave && (
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Save the search ${s.name}`}
              onClick={() => props.onSave?.(s)}
            >
              <IconStar size={14} />
            </ActionIcon>
          )}
          {props.saved && <IconStarFilled size={14} aria-hidden color="var(--mantine-color-yellow-6)" />}
          <ActionIcon
            variant="subtle"
            size="sm"
            color="gray"
            aria-label={`Forget the search ${s.name}`}
            onClick={() => props.onRemove(s)}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
