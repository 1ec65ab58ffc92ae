/**
 * The versions of a custom flow, drawn: the panel beside the canvas lists them with who saved each, when, and
 * its note; a version opens read-only on the canvas; two chosen versions compare (the change list in words, and
 * the steps marked), overlaid on one canvas or side by side on two (on a phone, one at a time); a version is
 * restored, after a confirmation, as a new version. What happens is session/versions-controller.ts.
 */
import { Button, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';

import { type CallFlowVersion } from '@portal/contract';
import type { StoredCallFlow } from '@portal/contract';
import type { FlowNames } from '@portal/editor-core';

import { Dialog } from '../../../components/dialog.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { MOBILE_MEDIA_QUERY } from '../../../config/breakpoints.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { hasReadableMessage, userErrorText } from '../../../lib/error-text.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { fetchCallFlowVersion, restoreCallFlowVersion, useCallFlowVersions } from '../api/call-flow-versions.ts';
import { callFlowKeys } from '../api/keys.ts';
import {
  createVersionsController,
  diffMarksFor,
  sideBySideOf,
  versionFailures,
  type CompareLayout,
  type Comparison,
  type VersionsController,
  type VersionsPorts,
} from '../session/versions-controller.ts';
import { NOTE_INPUT_LABEL, VersionNoteInput } from './version-note-input.tsx';

export const versionTexts = {
  title: 'Versions',
  readOnly: (n: number) => `Version ${n}, read-only`,
  backToEditing: 'Back to editing',
  compare: 'Compare the chosen versions',
  chooseTwo: 'Choose two versions to compare them.',
  noChanges: 'No differences for callers between these versions.',
  restoreTitle: (n: number) => `Restore version ${n}?`,
  restored: (n: number) => `Version ${n} restored`,
  ...versionFailures,
  empty: 'No versions yet: each save keeps one.',
  overlaid: 'Overlaid',
  sideBySide: 'Side by side',
  nextNote: 'Note for your next save (optional)',
  restoreNote: NOTE_INPUT_LABEL,
} as const;

interface FlowVersionsOptions {
  productId: number;
  /** null while the flow has never been saved: no versions. */
  flowId: string | null;
  names: FlowNames;
  /** The version the editor's next save starts from. */
  baseVersion: () => number | null;
  /** The editor takes the restored flow. */
  onRestored: (saved: StoredCallFlow) => void;
}

/** The versions controller for the editor page, with the page's calls and toasts; the page re-renders on its state. */
export function useFlowVersions({ productId, flowId, names, baseVersion, onRestored }: FlowVersionsOptions) {
  const queryClient = useQueryClient();
  const ports = (): VersionsPorts => ({
    flowId,
    names,
    fetchVersion: (id, number) => fetchCallFlowVersion(queryClient, productId, id, number),
    restoreVersion: (id, number, body) => restoreCallFlowVersion(productId, id, number, body),
    baseVersion,
    onRestored,
    versionsChanged: (id) => void queryClient.invalidateQueries({ queryKey: callFlowKeys.versions(productId, id) }),
    restored: (number) => toaster.create({ type: 'success', title: versionTexts.restored(number) }),
    failed: (title, error) =>
      toaster.create({
        type: 'error',
        title,
        description: isApiError(error) && hasReadableMessage(error) ? userErrorText(error) : undefined,
      }),
  });
  const [controller] = useState(() => createVersionsController(ports()));
  useEffect(() => {
    controller.setPorts(ports());
  });
  const viewing = useStore(controller.state, (s) => s.viewing);
  const comparison = useStore(controller.state, (s) => s.comparison);
  const used = useStore(controller.state, (s) => s.used);
  const marks = useMemo(
    () => (comparison ? diffMarksFor(comparison.diff, comparison.showing) : undefined),
    [comparison],
  );
  const sideBySide = useMemo(() => sideBySideOf(comparison), [comparison]);
  return {
    controller,
    viewing: viewing?.store ?? null,
    marks,
    sideBySide,
    used,
    viewingNumber: viewing?.version.number ?? null,
  };
}

/** Asks before a version is restored (it replaces unsaved changes), with the restore's own note. */
export function RestoreVersionDialog({
  controller,
  changesMade,
}: {
  controller: VersionsController;
  changesMade: boolean;
}) {
  const restoring = useStore(controller.state, (s) => s.restoring);
  const busy = useStore(controller.state, (s) => s.busy);
  const restoreNote = useStore(controller.state, (s) => s.restoreNote);
  const restoreNoteId = useId();
  return (
    <Dialog
      open={restoring !== null}
      role="alertdialog"
      busy={busy}
      onClose={controller.cancelRestore}
      title={versionTexts.restoreTitle(restoring ?? 0)}
      footer={
        <>
          <Button variant="outline" colorPalette="gray" onClick={controller.cancelRestore} disabled={busy} autoFocus>
            Cancel
          </Button>
          <Button colorPalette="brand" onClick={() => void controller.restore()} loading={busy}>
            Restore version {restoring}
          </Button>
        </>
      }
    >
      <Text>
        The call flow goes back to version {restoring}, saved as a new version; every version stays in the list.
        {changesMade ? ' Your unsaved changes will be lost.' : ''}
      </Text>
      <div className="cf-form">
        <label className="cf-label" htmlFor={restoreNoteId}>
          {versionTexts.restoreNote}
        </label>
        <VersionNoteInput id={restoreNoteId} value={restoreNote} onChange={controller.setRestoreNote} disabled={busy} />
      </div>
    </Dialog>
  );
}

/** The panel beside the canvas, drawn over the versions controller. */
export function VersionsPanelFor({
  controller,
  productId,
  flowId,
  onClose,
  note,
  onNoteChange,
}: {
  controller: VersionsController;
  productId: number;
  flowId: string;
  onClose: () => void;
  note: string;
  onNoteChange: (note: string) => void;
}) {
  const viewing = useStore(controller.state, (s) => s.viewing?.version.number ?? null);
  const comparison = useStore(controller.state, (s) => s.comparison);
  return (
    <VersionsPanel
      productId={productId}
      flowId={flowId}
      viewing={viewing}
      comparison={comparison}
      onClose={onClose}
      onOpen={(n) => void controller.open(n)}
      onCompare={(a, b) => void controller.compare(a, b)}
      onShowSide={controller.showSide}
      onLayout={controller.setLayout}
      note={note}
      onNoteChange={onNoteChange}
      onBack={controller.backToEditing}
      onRestore={controller.askRestore}
    />
  );
}

interface PanelProps {
  productId: number;
  flowId: string;
  viewing: number | null;
  comparison: Comparison | null;
  onClose: () => void;
  onOpen: (number: number) => void;
  onCompare: (a: number, b: number) => void;
  onShowSide: (side: 'older' | 'newer') => void;
  onLayout: (layout: CompareLayout) => void;
  note: string;
  onNoteChange: (note: string) => void;
  onBack: () => void;
  onRestore: (number: number) => void;
}

function savedByWords(version: CallFlowVersion): string {
  if (version.by_staff) return 'by our staff while viewing your account';
  return version.saved_by ? `by ${version.saved_by}` : 'before versions were kept';
}

function VersionsPanel({
  productId,
  flowId,
  viewing,
  comparison,
  onClose,
  onOpen,
  onCompare,
  onShowSide,
  onLayout,
  note,
  onNoteChange,
  onBack,
  onRestore,
}: PanelProps) {
  const headingId = useId();
  const noteId = useId();
  // A phone has no room for two canvases: the versions compared show one at a time, like tabs.
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const sideBySide = comparison?.layout === 'side-by-side' && !mobile;
  const versions = useCallFlowVersions(productId, flowId);
  const [chosen, setChosen] = useState<number[]>([]);
  const rows = versions.data?.pages.flatMap((page) => page.results) ?? [];

  const toggle = (number: number, on: boolean) =>
    setChosen((current) =>
      on ? [...current.filter((n) => n !== number), number].slice(-2) : current.filter((n) => n !== number),
    );

  return (
    <section className="cf-panel" aria-labelledby={headingId}>
      <div className="cf-panel-header">
        <h2 id={headingId} className="cf-panel-title">
          {versionTexts.title}
        </h2>
        <button type="button" className="cf-icon-button" aria-label="Close versions" onClick={onClose}>
          <svg
            viewBox="0 0 24 24"
            width={16}
            height={16}
            aria-hidden="true"
            focusable="false"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>

      {mobile && viewing === null && (
        <div className="cf-form">
          <label className="cf-label" htmlFor={noteId}>
            {versionTexts.nextNote}
          </label>
          <VersionNoteInput id={noteId} value={note} onChange={onNoteChange} />
        </div>
      )}

      <div aria-live="polite">
        {viewing !== null && (
          <div className="cf-form">
            <p className="cf-outcome">{versionTexts.readOnly(viewing)}</p>
            <div className="cf-row cf-row-wrap">
              <Button type="button" size="xs" variant="outline" onClick={onBack}>
                {versionTexts.backToEditing}
              </Button>
              <Button type="button" size="xs" variant="outline" onClick={() => onRestore(viewing)}>
                Restore version {viewing}
              </Button>
            </div>
          </div>
        )}
        {comparison && (
          <div className="cf-test-result">
            <h3 className="cf-label">
              Version {comparison.older.number} to version {comparison.newer.number}
            </h3>
            {!mobile && (
              <div className="cf-row cf-row-wrap" role="group" aria-label="How the versions are compared">
                {(['overlaid', 'side-by-side'] as const).map((layout) => (
                  <Button
                    key={layout}
                    type="button"
                    size="xs"
                    variant={comparison.layout === layout ? 'subtle' : 'outline'}
                    aria-pressed={comparison.layout === layout}
                    onClick={() => onLayout(layout)}
                  >
                    {layout === 'overlaid' ? versionTexts.overlaid : versionTexts.sideBySide}
                  </Button>
                ))}
              </div>
            )}
            {!sideBySide && (
              <div className="cf-row cf-row-wrap" role="group" aria-label="Version shown on the canvas">
                <Button
                  type="button"
                  size="xs"
                  variant={comparison.showing === 'older' ? 'subtle' : 'outline'}
                  aria-pressed={comparison.showing === 'older'}
                  onClick={() => onShowSide('older')}
                >
                  Show version {comparison.older.number}
                </Button>
                <Button
                  type="button"
                  size="xs"
                  variant={comparison.showing === 'newer' ? 'subtle' : 'outline'}
                  aria-pressed={comparison.showing === 'newer'}
                  onClick={() => onShowSide('newer')}
                >
                  Show version {comparison.newer.number}
                </Button>
              </div>
            )}
            <p className="cf-hint">
              {comparison.diff.added.length} added, {comparison.diff.removed.length} removed,{' '}
              {comparison.diff.changed.length} changed.{' '}
              {sideBySide
                ? `Version ${comparison.older.number} marks removed and changed steps, version ${comparison.newer.number} added and changed ones.`
                : comparison.showing === 'newer'
                  ? 'Added and changed steps are marked.'
                  : 'Removed and changed steps are marked.'}
            </p>
            <div className="cf-diff-legend" aria-hidden="true">
              <span style={{ color: '#15803d' }}>
                <span className="cf-diff-swatch" />
                Added
              </span>
              <span style={{ color: '#b91c1c' }}>
                <span className="cf-diff-swatch" />
                Removed
              </span>
              <span style={{ color: '#1d4ed8' }}>
                <span className="cf-diff-swatch" style={{ borderStyle: 'dashed' }} />
                Changed
              </span>
            </div>
            {comparison.diff.changes.length === 0 ? (
              <p className="cf-outcome">{versionTexts.noChanges}</p>
            ) : (
              <ul className="cf-steps" aria-label="What changed for callers">
                {comparison.diff.changes.map((change, index) => (
                  <li key={index}>{change.text}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>

      {versions.isPending ? (
        <p className="cf-hint" role="status">
          Loading versions…
        </p>
      ) : versions.isError ? (
        <div role="alert">
          <p className="cf-error">{versionTexts.loadFailed}</p>
          <Button type="button" size="xs" variant="outline" onClick={() => void versions.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="cf-hint">{versionTexts.empty}</p>
      ) : (
        <>
          <p className="cf-hint">{versionTexts.chooseTwo}</p>
          <Button
            type="button"
            size="xs"
            colorPalette="brand"
            disabled={chosen.length !== 2}
            onClick={() => chosen.length === 2 && onCompare(chosen[0]!, chosen[1]!)}
          >
            {versionTexts.compare}
          </Button>
          <ul className="cf-steps" aria-label="Saved versions" style={{ listStyle: 'none', paddingInlineStart: 0 }}>
            {rows.map((version) => (
              <li key={version.number} className="cf-version">
                <label className="cf-row">
                  <input
                    type="checkbox"
                    checked={chosen.includes(version.number)}
                    onChange={(e) => toggle(version.number, e.target.checked)}
                    aria-label={`Compare version ${version.number}`}
                  />
                  <strong>Version {version.number}</strong>
                </label>
                <p>
                  {formatDateTime(version.saved_at)}, {savedByWords(version)}
                </p>
                {version.note && <p>“{version.note}”</p>}
                {version.restored_from !== null && <p>Restored from version {version.restored_from}</p>}
                <div className="cf-row">
                  <Button
                    type="button"
                    size="xs"
                    variant="outline"
                    aria-label={`Open version ${version.number}`}
                    onClick={() => onOpen(version.number)}
                  >
                    Open
                  </Button>
                  <Button
                    type="button"
                    size="xs"
                    variant="outline"
                    aria-label={`Restore version ${version.number}`}
                    onClick={() => onRestore(version.number)}
                  >
                    Restore
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {versions.hasNextPage && (
            <Button
              type="button"
              size="xs"
              variant="outline"
              loading={versions.isFetchingNextPage}
              onClick={() => void versions.fetchNextPage()}
            >
              Show older versions
            </Button>
          )}
        </>
      )}
    </section>
  );
}
