import { Box, Flex, Text } from '@chakra-ui/react';

interface ProgressBarProps {
  /** The accessible name, also shown above the bar: "Reading the file", "Saving". */
  label: string;
  /** 0..1. */
  value: number;
  /** Read out instead of the bare percentage: "Uploading, 40%". */
  valueText?: string;
}

/** A labelled progress bar (role progressbar with its value), for reading, converting and uploading. */
export function ProgressBar({ label, value, valueText }: ProgressBarProps) {
  const percent = Math.round(Math.max(0, Math.min(1, value)) * 100);
  const text = valueText ?? `${percent}%`;
  return (
    <Box>
      <Flex justify="space-between" gap="3" fontSize="sm" mb="1" aria-hidden="true">
        <Text>{label}</Text>
        <Text color="fg.muted">{text}</Text>
      </Flex>
      <Box
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        h="2"
        rounded="full"
        bg="gray.200"
        overflow="hidden"
      >
        <Box h="full" w={`${percent}%`} bg="brand.solid" transition="width 0.2s linear" />
      </Box>
    </Box>
  );
}
