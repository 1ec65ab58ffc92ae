import { Box, chakra } from '@chakra-ui/react';
import { useId, useState, type ReactElement, type ReactNode } from 'react';

interface TooltipProps {
  /** The tooltip's text. */
  content: ReactNode;
  /** Opened from outside (a copy holds it open) whatever the pointer and focus do. */
  open?: boolean;
  /** The trigger, given the id of the tooltip to name in aria-describedby. */
  children: (describedBy: string) => ReactElement;
}

/**
 * A small tooltip above its trigger: shown on hover and keyboard focus (and while `open`),
 * hidden by Escape, described to screen readers. Plain elements and no positioning library,
 * so a page pays almost nothing for it.
 */
export function Tooltip({ content, open = false, children }: TooltipProps) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const shown = open || ((hovered || focused) && !dismissed);
  return (
    <chakra.span
      position="relative"
      display="inline-flex"
      maxW="full"
      onPointerEnter={() => {
        setHovered(true);
        setDismissed(false);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => {
        setFocused(true);
        setDismissed(false);
      }}
      onBlur={() => setFocused(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && shown) {
          setDismissed(true);
          event.stopPropagation();
        }
      }}
    >
      {children(id)}
      <Box
        as="span"
        role="tooltip"
        id={id}
        position="absolute"
        bottom="calc(100% + 6px)"
        left="50%"
        transform="translateX(-50%)"
        zIndex="tooltip"
        bg="gray.900"
        color="white"
        fontSize="sm"
        px="2"
        py="1"
        rounded="sm"
        whiteSpace="nowrap"
        maxW="min(90vw, 24rem)"
        overflow="hidden"
        textOverflow="ellipsis"
        pointerEvents="none"
        opacity={shown ? 1 : 0}
        visibility={shown ? 'visible' : 'hidden'}
        transition="opacity 0.2s, visibility 0.2s"
      >
        {content}
      </Box>
    </chakra.span>
  );
}
