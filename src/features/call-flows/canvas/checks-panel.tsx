/** The checks panel: editor-core's coverage warnings (callers who reach no one), each with its steps and its fix. */
import { Button } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { useStore } from 'zustand';

import { NOT_ASSIGNED, type SiteUser } from '@portal/contract';
import { coverageWarnings, type CallFlow, type CoverageUser, type CoverageWarning } from '@portal/editor-core';

import { useCanvas } from './canvas-context.ts';
import { ActionIcon } from './icons.tsx';
import type { CallFlowCanvasServices } from './types.ts';

/** Each flow version's warnings, computed once for the services they were computed with (the toolbar and the panel share them). */
const computed = new WeakMap<CallFlow, { services: CallFlowCanvasServices; warnings: CoverageWarning[] }>();
/** The warnings each canvas shows last, and of which flow, kept on screen while an edit's layout is on its way. */
const shown = new WeakMap<object, { flow: CallFlow; warnings: CoverageWarning[] }>();

/**
 * The site's users as the coverage checks see them: those with an extension, and whether a call can ring them (the
 * site answer's has_phone_or_app: a desk phone port, or a PIN for the apps). A user the server says nothing about
 * counts as reachable, so a missing answer never raises a false warning.
 */
export function coverageUsers(siteUsers: readonly SiteUser[]): CoverageUser[] {
  return siteUsers
    .filter((user) => user.extension !== NOT_ASSIGNED)
    .map((user) => ({
      extension: user.extension,
      name: `${user.first_name} ${user.last_name}`.trim(),
      reachable: user.has_phone_or_app !== false,
    }));
}

/**
 * The coverage warnings of the flow (editor-core), from the holidays and the site's users with their phones and
 * apps. They follow the flow once its layout is on screen and the flow has stayed as it is for a moment
 * (`CHECKS_SETTLE_MS`), the canvas's first layout included: on a 4,900-step flow they take 10-45 ms, which would
 * otherwise delay the canvas's opening, an edit, the new layout's paint or the frame after it (bench/canvas), and
 * edits in quick succession (an undo held down, steps added by keyboard) are checked once, not each in turn.
 * Meanwhile the warnings of the flow before stay shown.
 */
export function useCoverageWarnings(): {
  warnings: readonly CoverageWarning[];
  upToDate: boolean;
  /** No warnings worked out yet on this canvas (it has just opened). */
  first: boolean;
} {
  const { store, ui, services } = useCanvas();
  const current = useStore(store, (s) => s.flow);
  const laidOut = !useStore(ui, (s) => s.layoutBusy);
  // Rendered again when the users or holidays change, so the cache below sees the new ones.
  useStore(ui, (s) => s.servicesSeq);
  const context = services();
  const cachedFor = (flow: CallFlow) => {
    const cached = computed.get(flow);
    return cached && cached.services.siteUsers === context.siteUsers && cached.services.holidays === context.holidays
      ? cached.warnings
      : undefined;
  };
  const wanted = laidOut ? current : null;
  // Warnings worked out already (the toolbar's, when the panel opens) are shown at once; others after the paint,
  // the canvas's first one included.
  const flow = useSettledAfterPaint(wanted, wanted !== null && cachedFor(wanted) !== undefined);
  if (flow === null) return { warnings: shown.get(store)?.warnings ?? [], upToDate: false, first: !shown.has(store) };
  const warnings =
    cachedFor(flow) ??
    coverageWarnings(flow, { users: coverageUsers(context.siteUsers), holidays: context.holidays ?? [] });
  computed.set(flow, { services: context, warnings });
  shown.set(store, { flow, warnings });
  return { warnings, upToDate: flow === current, first: false };
}

/** How long the flow stays unchanged, after its layout is painted, before its checks are worked out. */
const CHECKS_SETTLE_MS = 300;

/**
 * `value`, once the frame after it changed has been painted and it has not changed for `CHECKS_SETTLE_MS` (a timer
 * after the next animation frame), its first value too (null until then); `now`: at once.
 */
function useSettledAfterPaint<T>(value: T, now: boolean): T | null {
  const [shown, setShown] = useState<T | null>(now ? value : null);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown(() => value), CHECKS_SETTLE_MS);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value, shown]);
  return now ? value : shown;
}

/** A button whose label may take more than one line. */
const WRAPPING = { whiteSpace: 'normal', h: 'auto', minH: '6', py: '1', textAlign: 'start', maxW: 'full' } as const;

/** Warnings, not errors: saving never waits for them. */
export function ChecksPanel({ onClose }: { onClose: () => void }) {
  const { store, actions } = useCanvas();
  // Warnings of the flow before an edit stay listed until the edit's are worked out; their fixes wait for those.
  const { warnings, upToDate, first } = useCoverageWarnings();
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
      <p className="cf-hint">
        Times and keys where callers may reach no one, from your opening hours, holidays and users. They never stop you
        saving.
      </p>
      {!upToDate && <p className="cf-hint">{first ? 'Checking the call flow…' : 'Checking your last change…'}</p>}
      <div aria-live="polite">
        {first ? null : warnings.length === 0 ? (
          <p className="cf-outcome">No warnings.</p>
        ) : (
          <ul className="cf-steps" aria-label="Warnings">
            {warnings.map((warning, index) => (
              <li key={`${warning.code}-${warning.nodeIds.join(',')}-${index}`} className="cf-warning">
                <p>{warning.text}</p>
                {/* The panel is narrow: a long fix ("Remove extension 202 from Sales team") wraps onto its own lines. */}
                <div className="cf-row cf-row-wrap">
                  <Button
                    type="button"
                    size="xs"
                    variant="outline"
                    {...WRAPPING}
                    onClick={() => warning.nodeIds[0] && actions.focusNode(warning.nodeIds[0])}
                  >
                    Show the step
                  </Button>
                  {warning.fix && (
                    <Button
                      type="button"
                      size="xs"
                      colorPalette="brand"
                      {...WRAPPING}
                      disabled={!upToDate}
                      onClick={() => {
                        if (upToDate && warning.fix && store.getState().run(warning.fix.command))
                          actions.announce(`Fixed: ${warning.fix.label}.`);
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
