/** The checks panel: editor-core's coverage warnings (callers who reach no one), each with its steps and its fix. */
import { Button } from '@chakra-ui/react';
import { useId } from 'react';
import { useStore } from 'zustand';
import { coverageWarnings, type CallFlow, type CoverageWarning } from '@portal/editor-core';
import { useCanvas } from './canvas-context.ts';
import { ActionIcon } from './icons.tsx';
import type { CallFlowCanvasServices } from './types.ts';

/** Each flow version's warnings, computed once for the services they were computed with (the toolbar and the panel share them). */
const computed = new WeakMap<CallFlow, { services: CallFlowCanvasServices; warnings: CoverageWarning[] }>();

/**
 * The coverage warnings of the flow as it is now (editor-core), from the holidays and the site's users. Whether a
 * user has a phone or app is not known to the editor, so every user counts as reachable: the people check warns
 * about users who are gone.
 */
export function useCoverageWarnings(): readonly CoverageWarning[] {
  const { store, services } = useCanvas();
  const flow = useStore(store, (s) => s.flow);
  const current = services();
  const cached = computed.get(flow);
  if (cached && cached.services.siteUsers === current.siteUsers && cached.services.holidays === current.holidays) return cached.warnings;
  const users = current.siteUsers
    .filter((user) => user.extension !== 'Not Assigned')
    .map((user) => ({ extension: user.extension, name: `${user.first_name} ${user.last_name}`.trim(), reachable: true }));
  const warnings = coverageWarnings(flow, { users, holidays: current.holidays ?? [] });
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
