import { chakra, Flex } from '@chakra-ui/react';
import { useRef, type KeyboardEvent, type RefObject } from 'react';

import type { AudioMethod } from '../logic/types.ts';

export const methodLabels: Record<AudioMethod, string> = {
  record: 'Record',
  text_to_speech: 'Type out',
  upload: 'Upload',
};

export interface TabIds {
  tab: (method: AudioMethod) => string;
  panel: (method: AudioMethod) => string;
}

interface MethodTabsProps {
  methods: readonly AudioMethod[];
  active: AudioMethod;
  onChange: (method: AudioMethod) => void;
  ids: TabIds;
  /** The selected tab, for the dialog to focus when it opens. */
  activeTabRef?: RefObject<HTMLButtonElement | null>;
}

/**
 * The choice of how to make the audio, as a tablist in the WAI-ARIA manner: one tab stop,
 * arrow keys (and Home, End) move between the tabs and select them.
 */
export function MethodTabs({ methods, active, onChange, ids, activeTabRef }: MethodTabsProps) {
  const tabs = useRef(new Map<AudioMethod, HTMLButtonElement>());

  const keyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = methods.indexOf(active);
    const next =
      event.key === 'ArrowRight'
        ? methods[(index + 1) % methods.length]
        : event.key === 'ArrowLeft'
          ? methods[(index - 1 + methods.length) % methods.length]
          : event.key === 'Home'
            ? methods[0]
            : event.key === 'End'
              ? methods[methods.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    tabs.current.get(next)?.focus();
  };

  return (
    <Flex role="tablist" aria-label="How to make the audio" bg="gray.100" rounded="lg" p="1" gap="1">
      {methods.map((method) => {
        const selected = method === active;
        return (
          <chakra.button
            key={method}
            ref={(element: HTMLButtonElement | null) => {
              if (element) tabs.current.set(method, element);
              else tabs.current.delete(method);
              if (selected && activeTabRef) activeTabRef.current = element;
            }}
            type="button"
            role="tab"
            id={ids.tab(method)}
            aria-selected={selected}
            aria-controls={ids.panel(method)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(method)}
            onKeyDown={keyDown}
            flex="1"
            minW="0"
            minH="10"
            px={{ base: '1', sm: '2' }}
            rounded="md"
            fontWeight="semibold"
            fontSize={{ base: 'sm', sm: 'md' }}
            whiteSpace="nowrap"
            bg={selected ? 'bg' : 'transparent'}
            color={selected ? 'brand.fg' : 'fg'}
            boxShadow={selected ? 'sm' : 'none'}
            borderWidth="1px"
            borderColor={selected ? 'gray.300' : 'transparent'}
            cursor="pointer"
            _hover={selected ? undefined : { bg: 'gray.200' }}
            focusVisibleRing="outside"
          >
            {methodLabels[method]}
          </chakra.button>
        );
      })}
    </Flex>
  );
}
