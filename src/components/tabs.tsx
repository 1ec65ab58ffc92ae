import { chakra, Flex } from '@chakra-ui/react';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<V extends string> {
  value: V;
  label: string;
}

interface TabsProps<V extends string> {
  /** Names the tab list for assistive technology, e.g. "Phone setup". */
  label: string;
  items: readonly TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * Tabs in the WAI-ARIA pattern: one tab stop for the list (the selected tab), arrow keys,
 * Home and End move and select, the panel is labelled by its tab. Plain elements and tokens,
 * without a recipe, so a page that uses them costs almost nothing more.
 */
export function Tabs<V extends string>({ label, items, value, onChange, children }: TabsProps<V>) {
  const id = useId();
  const refs = useRef(new Map<V, HTMLButtonElement>());
  const tabId = (v: V) => `${id}-tab-${v}`;
  const panelId = `${id}-panel`;

  const move = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = items[(next + items.length) % items.length];
    if (!target) return;
    onChange(target.value);
    refs.current.get(target.value)?.focus();
  };

  return (
    <div>
      <Flex
        role="tablist"
        aria-label={label}
        gap="1"
        borderBottomWidth="1px"
        borderColor="border"
        overflowX="auto"
        mb="6"
      >
        {items.map((item, index) => {
          const selected = item.value === value;
          return (
            <chakra.button
              key={item.value}
              ref={(element: HTMLButtonElement | null) => {
                if (element) refs.current.set(item.value, element);
                else refs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.value)}
              onKeyDown={(event: KeyboardEvent) => move(event, index)}
              px="4"
              py="3"
              mb="-1px"
              whiteSpace="nowrap"
              fontWeight="semibold"
              color={selected ? 'fg' : 'fg.muted'}
              borderBottomWidth="3px"
              borderColor={selected ? 'brand.solid' : 'transparent'}
              cursor="pointer"
              _hover={{ color: 'fg' }}
              _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '-3px' }}
            >
              {item.label}
            </chakra.button>
          );
        })}
      </Flex>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
