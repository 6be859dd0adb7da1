import { ScrollArea, Tabs } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';

/**
 * A page's routed tabs in one strip that scrolls sideways on a narrow screen, with the active
 * tab brought into view (on a phone, `Logs` is past the edge when its address is opened).
 */
export function RoutedTabs(props: {
  value: string;
  tabs: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  mb?: string;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: again whenever another tab becomes the active one
  useLayoutEffect(() => {
    const strip = viewport.current;
    const active = strip?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!strip || !active) return;
    // Scroll the strip alone (never the page), centring the active tab.
    const s = strip.getBoundingClientRect();
    const a = active.getBoundingClientRect();
    strip.scrollLeft += a.left - s.left - (s.width - a.width) / 2;
  }, [props.value]);
  return (
    <ScrollArea type="auto" scrollbarSize={4} viewportRef={viewport} mb={props.mb}>
      <Tabs value={props.value} onChange={(value) => value && props.onChange(value)}>
        <Tabs.List style={{ flexWrap: 'nowrap' }}>
          {props.tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} style={{ flexShrink: 0 }}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </ScrollArea>
  );
}
