import { Box, Button, chakra, type ButtonProps } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuItem {
  value: string;
  label: string;
}

interface MenuButtonProps {
  /** The accessible name of the button (its content may be only initials or an icon). */
  label: string;
  items: MenuItem[];
  onSelect: (value: string) => void;
  children: ReactNode;
  buttonProps?: ButtonProps;
}

/**
 * A menu button following the WAI-ARIA APG pattern: Enter, Space or ArrowDown open it on
 * the first item, ArrowUp on the last; arrows, Home and End move; Escape closes and
 * returns focus to the button; Tab and a click outside close it. Kept small on purpose:
 * a state-machine menu weighs more than the whole top bar.
 */
export function MenuButton({ label, items, onSelect, children, buttonProps }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;

  const itemElements = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const elements = itemElements();
    (focusOnOpen.current === 'last' ? elements.at(-1) : elements[0])?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  const openAt = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const elements = itemElements();
    const index = elements.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      elements[(to + elements.length) % elements.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(elements.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <Box position="relative">
      <Button
        ref={buttonRef}
        id={buttonId}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKeyDown}
        {...buttonProps}
      >
        {children}
      </Button>
      {open && (
        <Box
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          position="absolute"
          top="calc(100% + 8px)"
          insetEnd="0"
          zIndex="dropdown"
          minW="48"
          bg="bg.panel"
          borderWidth="1px"
          rounded="md"
          boxShadow="lg"
          py="1"
        >
          {items.map((item) => (
            <chakra.button
              type="button"
              key={item.value}
              role="menuitem"
              tabIndex={-1}
              display="block"
              w="full"
              textAlign="start"
              px="3"
              py="2"
              fontSize="sm"
              cursor="pointer"
              _hover={{ bg: 'bg.muted' }}
              _focusVisible={{
                bg: 'bg.muted',
                outline: '2px solid',
                outlineColor: 'brand.focusRing',
                outlineOffset: '-2px',
              }}
              onClick={() => {
                close(true);
                onSelect(item.value);
              }}
            >
              {item.label}
            </chakra.button>
          ))}
        </Box>
      )}
    </Box>
  );
}
