import type { NodeType } from '@portal/editor-core';

/** Stroke paths of a 24×24 icon per step type; decorative only (the node's name says what it is). */
const PATHS: Readonly<Record<NodeType, string>> = {
  main_number: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
  business_hours: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2',
  in_hours:
    'M12 4v2M12 18v2M4 12h2M18 12h2M6.3 6.3l1.4 1.4M16.3 16.3l1.4 1.4M6.3 17.7l1.4-1.4M16.3 7.7l1.4-1.4M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  out_of_hours: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  transfer: 'M16 11a4 4 0 1 0-8 0M4 21v-1a6 6 0 0 1 6-6h4M17 14l4 4-4 4M13 18h8',
  divert_to_external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  voicemail: 'M6.5 9a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM17.5 9a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM6.5 16h11',
  play_audio: 'M4 9h4l5-4v14l-5-4H4zM16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11',
  dial_menu: 'M6 4h.01M12 4h.01M18 4h.01M6 10h.01M12 10h.01M18 10h.01M6 16h.01M12 16h.01M18 16h.01M12 21h.01',
  dial_menu_key: 'M5 5h14v14H5zM10 9h4M12 9v6',
  repeat_menu: 'M4 12a8 8 0 0 1 14-5.3M20 4v4h-4M20 12a8 8 0 0 1-14 5.3M4 20v-4h4',
};

export function TypeIcon({ type, size = 18 }: { type: NodeType; size?: number }) {
  const dots = type === 'dial_menu';
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={dots ? 3.2 : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[type]} />
    </svg>
  );
}

const ACTION_PATHS = {
  undo: 'M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3',
  redo: 'M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4',
  add: 'M12 5v14M5 12h14',
  replace: 'M4 7h13l-3-3M20 17H7l3 3',
  remove: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  copy: 'M8 8h12v12H8zM4 16V4h12',
  paste: 'M9 4h6v3H9zM7 5H5v15h14V5h-2',
  cut: 'M6 6a2 2 0 1 0 0 .01M6 18a2 2 0 1 0 0 .01M8 7l12 10M8 17L20 7',
  play: 'M7 4l13 8-13 8z',
  stop: 'M6 6h12v12H6z',
  problem: 'M12 3l10 18H2zM12 10v4M12 17h.01',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
  map: 'M9 4L3 6v14l6-2 6 2 6-2V4l-6 2zM9 4v14M15 6v14',
  close: 'M6 6l12 12M18 6L6 18',
  up: 'M12 19V5M6 11l6-6 6 6',
  down: 'M12 5v14M6 13l6 6 6-6',
  history: 'M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3',
  arrange: 'M3 9h5v6H3zM16 3h5v6h-5zM16 15h5v6h-5zM8 12h4M12 6v12M12 6h4M12 18h4',
} as const;

export type ActionIconName = keyof typeof ACTION_PATHS;

export function ActionIcon({ name, size = 16 }: { name: ActionIconName; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ACTION_PATHS[name]} />
    </svg>
  );
}
