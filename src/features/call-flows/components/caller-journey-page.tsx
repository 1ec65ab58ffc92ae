import { Box, Button, chakra, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';

import { callerJourney, flowNamesOf } from '@portal/editor-core';

import { LoadError, Loading } from '../../../components/states.tsx';
import { callFlowsPage } from '../../../config/paths.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCallFlow } from '../api/get-call-flow.ts';
import { callerJourneyPdf } from '../api/get-caller-journey-pdf.ts';
import { siteUsers, useSite } from '../api/get-site.ts';
import { useAudioFiles } from '../api/list-audio-files.ts';
import { customCallFlowEditor } from '../logic/route-params.ts';

/** On paper only the journey is printed: the portal's frame (top bar, side navigation) and the buttons are left out. */
const printStyles = {
  '@media print': {
    'header, nav, aside, [data-no-print]': { display: 'none !important' },
    main: { overflow: 'visible !important', padding: '0 !important' },
  },
};

/**
 * The caller's journey of a custom call flow: what a caller hears and where the call goes, per time
 * window and key, from editor-core's `callerJourney` (the same walk the server's PDF tells). Printable and
 * downloadable as a PDF.
 */
export function CallerJourneyPage({ productId, flowId }: { productId: number; flowId: string }) {
  const flow = useCallFlow(productId, flowId);
  const site = useSite(productId);
  const audio = useAudioFiles(productId);
  const pdf = useMutation({
    mutationFn: () => callerJourneyPdf(productId, flowId),
    onSuccess: (blob) => saveFile(blob, `caller-journey-${flowId}.pdf`),
  });
  usePageTitle(flow.data ? `Caller's journey: ${flow.data.name}` : "Caller's journey");

  if (flow.isError)
    return (
      <LoadError
        title="We could not load this call flow"
        error={flow.error}
        onRetry={() => void flow.refetch()}
        retrying={flow.isFetching}
      />
    );
  if (!flow.data || site.isPending || audio.isPending) return <Loading label="Loading the caller's journey" />;
  const names = flowNamesOf(site.data ? siteUsers(site.data) : [], audio.data ?? []);
  const sections = callerJourney(
    { id: flow.data.id, name: flow.data.name, enable: flow.data.enable, data: flow.data.data },
    names,
  );

  const downloadError = pdf.error ? userErrorText(pdf.error) : null;

  return (
    <Flex direction="column" gap="6" maxW="4xl">
      <Global styles={printStyles} />
      <Box>
        <Heading as="h1" size="2xl">
          Caller&rsquo;s journey: {flow.data.name}
        </Heading>
        <Text color="fg.muted" mt="2">
          What a caller hears and where the call goes, for each time of the week and each key
          {site.isError || audio.isError
            ? ' (people and greetings by their extension and file name: their names could not be loaded)'
            : ''}
          .
        </Text>
      </Box>
      <Flex gap="3" wrap="wrap" data-no-print>
        <Button colorPalette="brand" onClick={() => window.print()}>
          Print
        </Button>
        <Button variant="outline" loading={pdf.isPending} onClick={() => pdf.mutate()}>
          Download PDF
        </Button>
        <Button asChild variant="ghost" type={undefined}>
          <RouterLink to={customCallFlowEditor(productId, flowId)}>Open in the editor</RouterLink>
        </Button>
      </Flex>
      {downloadError && (
        <Text role="alert" color="fg.error">
          {downloadError}
        </Text>
      )}
      {sections.map((section) => (
        <chakra.section
          key={section.when}
          aria-label={section.when}
          borderWidth="1px"
          rounded="lg"
          p="5"
          bg="bg"
          css={{ breakInside: 'avoid' }}
        >
          <Heading as="h2" size="lg" mb="3">
            {section.when}
          </Heading>
          <chakra.ol ps="5" display="grid" gap="2">
            {section.steps.map((step, index) => (
              <li key={index}>{step}</li>
            ))}
          </chakra.ol>
        </chakra.section>
      ))}
      <Box data-no-print>
        <Link asChild color="brand.fg">
          <RouterLink to={callFlowsPage(productId)}>Back to call flows</RouterLink>
        </Link>
      </Box>
    </Flex>
  );
}
