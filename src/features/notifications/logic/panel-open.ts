import { create } from 'zustand';

/**
 * Whether the notification panel is open: the bell opens and closes it, and home's recent
 * updates open it too ("See all notifications").
 */
export const usePanelOpen = create<{ open: boolean }>(() => ({ open: false }));

export const setPanelOpen = (open: boolean) => usePanelOpen.setState({ open });
