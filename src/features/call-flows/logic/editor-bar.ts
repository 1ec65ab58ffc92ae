/** Wording and rules of the call-flow editor bar (spec 000 section 2, "Call-flow editor bar"). */

/** On small screens the name is shown cut at this many characters; the full name is in its tooltip. */
export const NAME_TRUNCATE_AT = 20;

export const barLabels = {
  saveAndEnable: 'Save & Enable',
  save: 'Save changes',
  name: 'Call flow name',
  actions: 'Call flow actions',
} as const;

/**
 * The name as the bar shows it on a small screen: at most `max` characters, then an ellipsis.
 * @example truncateName('Custom call flow 12 for sales') // 'Custom call flow 12 …'
 */
export function truncateName(name: string, max: number = NAME_TRUNCATE_AT): string {
  const characters = Array.from(name); // not splitting an emoji in two
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : name;
}

/** "Cancel" while there are unsaved changes, "Back" when there are none. */
export function cancelLabel(changesMade: boolean): 'Cancel' | 'Back' {
  return changesMade ? 'Cancel' : 'Back';
}
