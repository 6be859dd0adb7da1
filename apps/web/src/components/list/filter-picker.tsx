import { ComboboxChevron, ComboboxClearButton, Pill, PillsInput } from '@mantine/core';
import { FirstUse, type StandInUse } from '../first-use';
import { listControls } from './controls-part';
import type { FilterPickerProps } from './filter-types';

/** Keys the picker answers while closed: they open it (arrows, space) or drop the last choice. */
const KEYS = new Set(['ArrowDown', 'ArrowUp', ' ', 'Backspace']);

/**
 * The picker as `FilterSelect` (a MultiSelect) draws it closed, from the parts it is made of:
 * the chosen values as pills (each removable), the clear button while any is chosen, the chevron.
 */
function FilterStandIn({ filter, value, onChange, style, use }: FilterPickerProps & { use: StandInUse }) {
  const chosen = value.length > 0;
  return (
    <>
      <PillsInput
        __staticSelector="MultiSelect"
        __stylesApiProps={{ size: 'sm', rightSectionPointerEvents: 'none', multiline: true }}
        __defaultRightSection={<ComboboxChevron size="sm" />}
        __clearSection={<ComboboxClearButton onClear={() => onChange([])} />}
        __clearable={chosen}
        rightSectionPointerEvents="none"
        pointer
        style={style}
        onClick={use.click}
      >
        <Pill.Group className="mantine-MultiSelect-pillsList" style={chosen ? { paddingInlineEnd: 50 } : undefined}>
          {value.map((item) => (
            <Pill
              key={item}
              className="mantine-MultiSelect-pill"
              withRemoveButton
              onRemove={() => onChange(value.filter((v) => v !== item))}
            >
              {filter.options.find((o) => o.value === item)?.label ?? item}
            </Pill>
          ))}
          <PillsInput.Field
            className="mantine-MultiSelect-inputField"
            aria-label={filter.label}
            placeholder={filter.label}
            type="visible"
            value=""
            readOnly
            pointer
            role="combobox"
            aria-haspopup="listbox"
            aria-expanded={false}
            autoComplete="off"
            onKeyDown={(event) => KEYS.has(event.key) && use.key(event)}
          />
        </Pill.Group>
      </PillsInput>
      <input type="hidden" value={value.join(',')} />
    </>
  );
}

/** A list's filter: several of its choices at once (`FilterSelect`, loaded on first use). */
export function FilterPicker(props: FilterPickerProps) {
  return (
    <FirstUse
      part={listControls}
      target="input[role=combobox]"
      standIn={(use) => <FilterStandIn {...props} use={use} />}
    >
      {(controls) => <controls.FilterSelect {...props} />}
    </FirstUse>
  );
}
