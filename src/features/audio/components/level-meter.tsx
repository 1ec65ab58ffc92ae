import { Box } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

// The bar moves every frame; the value read out changes a few times a second.
const ANNOUNCE_EVERY_MS = 250;

/**
 * The live microphone level while recording: a bar, and a meter (0-100) a screen reader
 * can query. It reads the level itself every animation frame and touches only its own
 * DOM, so the dialog does not re-render sixty times a second.
 */
export function LevelMeter({ read }: { read: () => number }) {
  const meter = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let frame = 0;
    let announced = -Infinity;
    const tick = (now: number) => {
      const level = read();
      if (bar.current) bar.current.style.width = `${level}%`;
      if (meter.current && now - announced >= ANNOUNCE_EVERY_MS) {
        meter.current.setAttribute('aria-valuenow', String(level));
        announced = now;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [read]);

  return (
    <Box
      ref={meter}
      role="meter"
      aria-label="Microphone level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={0}
      h="3"
      w="full"
      rounded="full"
      bg="gray.200"
      overflow="hidden"
    >
      <Box ref={bar} h="full" w="0%" bg="brand.solid" />
    </Box>
  );
}
