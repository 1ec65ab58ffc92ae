/** The checks panel: editor-core's coverage warnings (callers who reach no one), each with its steps and its fix. */
import { Button } from '@chakra-ui/react';
import { useId } from 'react';
import { useStore } from 'zustand';
import { NOT_ASSIGNED, type SiteUser } from '@portal/contract';
import { coverageWarnings, type CallFlow, type CoverageUser, type CoverageWarning } from '@portal/editor-core';
import { useCanvas } from './canvas-context.ts';
import { ActionIcon } from './icons.tsx';
import type { CallFlowCanvasServices } from './types.ts';

/** Each flow version's warnings, computed once for the services they were computed with (the toolbar and the panel share them). */
const computed = new WeakMap<CallFlow, { services: CallFlowCanvasServices; warnings: CoverageWarning[] }>();

/**
 * The site's users as the coverage checks see them: those with an extension, and whether a call can ring them (the
 * site answer's has_phone_or_app: a desk phone port, or a PIN for the apps). A user the server says nothing about
 * counts as reachable, so a missing answer never raises a false warning.
 */
export function coverageUsers(siteUsers: readonly SiteUser[]): CoverageUser[] {
  return siteUsers
    .filter((user) => user.extension !== NOT_ASSIGNED)
    .map((user) => ({ extension: user.extension, name: `${user.first_name} ${user.last_name}`.trim(), reachable: user.has_phone_or_app !== false }));
}

/**
 * The coverage warnings of the flow as it is now (editor-core), from the holidays and the site's users with their
 * phones and apps.
 */
export function useCoverageWarnings(): readonly CoverageWarning[] {
  const { store, services } = useCanvas();
  const flow = useStore(store, (s) => s.flow);
  const current = services();
  const cached = computed.get(flow);
  if (cached && cached.services.siteUsers === current.siteUsers && cached.services.holidays === current.holidays) return cached.warnings;
  const warnings = coverageWarnings(flow, { users: coverageUsers(current.siteUsers), holidays: current.holidays ?? [] });
  computed.set(flow, { services: current, warnings });
  return warnings;
}

/** Warnings, not errors: saving never waits for them. */
export function ChecksPanel({ onClose }: { onClose: () => void }) {
  const { store, actions } = useCanvas();
  const warnings = useCoverageWarnings();
  const headingId = useId();
  return (
    <section className="cf-panel" aria-labelledby={headingId}>
      <div className="cf-panel-header">
        <h2 id={headingId} className="cf-panel-title">
          Checks
        </h2>
        <button type="button" className="cf-icon-button" aria-label="Close checks" onClick={onClose}>
          <ActionIcon name="close" />
        </button>
      </div>
      <p className="cf-hint">Times and keys where callers may reach no one, from your opening hours, holidays and users. They never stop you saving.</p>
      <div aria-live="polite">
        {warnings.length === 0 ? (
          <p className="cf-outcome">No warnings.</p>
        ) : (
          <ul className="cf-steps" aria-label="Warnings">
            {warnings.map((warning, index) => (
              <li key={`${warning.code}-${warning.nodeIds.join(',')}-${index}`} className="cf-check">
                <p>{warning.text}</p>
                <div className="cf-row">
                  <Button type="button" size="xs" variant="outline" onClick={() => warning.nodeIds[0] && actions.focusNode(warning.nodeIds[0])}>
                    Show the step
                  </Button>
                  {warning.fix && (
                    <Button
                      type="button"
                      size="xs"
                      colorPalette="brand"
                      onClick={() => {
                        if (warning.fix && store.getState().run(warning.fix.command)) actions.announce(`Fixed: ${warning.fix.label}.`);
                      }}
                    >
                      {warning.fix.label}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
