import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';

import { consentCategoriesOf, type AnalyticsSettings, type ConsentCategory } from '@portal/contract';

import type { ConsentChoice } from '../lib/analytics-services.ts';
import { Checkbox } from './checkbox.tsx';

export const consentTexts = {
  heading: 'Cookies and analytics',
  intro:
    'With your permission we use analytics services to see how the portal is used, so we can improve it. Nothing is sent to them until you choose. The cookies that keep you signed in are always on.',
  accept: 'Accept all',
  reject: 'Reject all',
  choose: 'Choose',
  save: 'Save my choices',
} as const;

/** Each category the customer may allow on its own, as the banner's "Choose" lists it. */
export const CONSENT_CATEGORY_TEXT: Record<ConsentCategory, { label: string; hint: string }> = {
  analytics: {
    label: 'Usage analytics',
    hint: 'Which pages and features are used, and when something goes wrong, so we can improve them.',
  },
  heatmaps: { label: 'Heatmaps', hint: 'Where pages are clicked and scrolled, so we can make them easier to use.' },
  marketing: { label: 'Tag manager', hint: 'Tags that measure how our campaigns and advertising perform.' },
};

interface ConsentBannerProps {
  settings: AnalyticsSettings;
  /** The choice made before, when the customer opened the banner to change it. */
  choice: ConsentChoice | null;
  onChoose: (choice: ConsentChoice) => void;
}

const everything = (categories: ConsentCategory[], on: boolean): ConsentChoice =>
  Object.fromEntries(categories.map((category) => [category, on]));

/**
 * The consent banner: a region at the foot of the page, shown before any analytics loads (lib/consent.ts).
 * Accept all, Reject all, or Choose, which lists each category the configured services need with a
 * checkbox. The page keeps room for it below its content (the body's bottom padding follows its height),
 * so it covers no action. Opened again to change a choice (the choice already made), it takes the focus.
 */
export function ConsentBanner({ settings, choice, onChoose }: ConsentBannerProps) {
  const categories = consentCategoriesOf(settings);
  const [choosing, setChoosing] = useState(false);
  const [draft, setDraft] = useState<ConsentChoice>(() => ({ ...everything(categories, false), ...choice }));
  const headingId = useId();
  const region = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Room below the page's content for the banner, so the last actions can be scrolled above it.
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const body = document.body;
    const fit = () => body.style.setProperty('padding-bottom', `${element.offsetHeight}px`);
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      body.style.removeProperty('padding-bottom');
    };
  }, []);

  // Asked for from the menu: the focus goes to the banner, as to a page section opened.
  const reopened = choice !== null;
  useEffect(() => {
    if (reopened) heading.current?.focus();
  }, [reopened]);

  // The categories replace the Choose button: the focus goes to the first of them.
  useEffect(() => {
    if (choosing) document.getElementById(`consent-${categories[0]}`)?.focus();
  }, [choosing, categories]);

  return (
    <Box
      as="section"
      ref={region}
      aria-labelledby={headingId}
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="banner"
      bg="bg.panel"
      borderTopWidth="1px"
      boxShadow="lg"
      maxH="70vh"
      overflowY="auto"
      px={{ base: '4', md: '8' }}
      py="4"
    >
      <Stack gap="3" maxW="5xl" mx="auto">
        <Heading as="h2" size="md" id={headingId} ref={heading} tabIndex={-1} outline="none">
          {consentTexts.heading}
        </Heading>
        <Text fontSize="sm">{consentTexts.intro}</Text>
        {choosing && (
          <Stack as="fieldset" gap="3" borderWidth="0" p="0" m="0">
            <Text as="legend" fontWeight="semibold" mb="2">
              Choose what you allow
            </Text>
            {categories.map((category) => (
              <Checkbox
                key={category}
                id={`consent-${category}`}
                label={CONSENT_CATEGORY_TEXT[category].label}
                hint={CONSENT_CATEGORY_TEXT[category].hint}
                checked={draft[category] === true}
                onChange={(on) => setDraft((current) => ({ ...current, [category]: on }))}
              />
            ))}
          </Stack>
        )}
        <Flex gap="3" wrap="wrap">
          <Button colorPalette="brand" onClick={() => onChoose(everything(categories, true))}>
            {consentTexts.accept}
          </Button>
          <Button colorPalette="brand" onClick={() => onChoose(everything(categories, false))}>
            {consentTexts.reject}
          </Button>
          {choosing ? (
            <Button
              variant="outline"
              colorPalette="brand"
              onClick={() => onChoose({ ...everything(categories, false), ...draft })}
            >
              {consentTexts.save}
            </Button>
          ) : (
            <Button variant="outline" colorPalette="brand" onClick={() => setChoosing(true)}>
              {consentTexts.choose}
            </Button>
          )}
        </Flex>
      </Stack>
    </Box>
  );
}
