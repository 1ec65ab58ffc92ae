/** The test call: a London date and time and key presses, run through editor-core's simulator; its path lights up. */
import { Button } from '@chakra-ui/react';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';

import { simulateCall } from '@portal/editor-core';

import { parseKeyPresses } from './arg-forms.ts';
import { useCanvas } from './canvas-context.ts';
import { TextField } from './dialog/fields.tsx';
import { ActionIcon } from './icons.tsx';
import { describeCall, londonDateTime, londonInstant, pathHighlight } from './test-call.ts';

// A real call (WebRTC, the keypad) is loaded only when asked for: the editor's first load does not carry it.
const LiveCall = lazy(() => import('./live-call/live-call.tsx'));

interface TestCallPanelProps {
  onClose: () => void;
  /** Shows the path on the canvas (fits it into view). */
  onShowPath: (nodeIds: string[]) => void;
}

export function TestCallPanel({ onClose, onShowPath }: TestCallPanelProps) {
  const { store, ui, services } = useCanvas();
  const headingId = useId();
  const [when, setWhen] = useState(() => londonDateTime(new Date()));
  const [keys, setKeys] = useState('');
  const [errors, setErrors] = useState<{ when?: string; keys?: string }>({});
  const [result, setResult] = useState<{ steps: string[]; outcome: string } | null>(null);
  const outdated = useStore(ui, (s) => s.testOutdated);
  const [calling, setCalling] = useState(false);
  const liveCall = services().liveCall;

  const run = (event: FormEvent) => {
    event.preventDefault();
    const at = londonInstant(when.date, when.time);
    const pressed = parseKeyPresses(keys);
    const nextErrors = {
      when: at ? undefined : 'Enter a date and a time, like 2025-03-14 and 09:30',
      keys: pressed.ok ? undefined : pressed.error,
    };
    setErrors(nextErrors);
    if (!at || !pressed.ok) return;
    const { flow } = store.getState();
    const simulation = simulateCall({ flow, at, holidays: services().holidays ?? [], keys: pressed.keys });
    const lit = pathHighlight(flow.data, simulation.path);
    ui.setState({ pathNodes: lit.nodes, pathEdges: lit.edges, testOutdated: false });
    setResult(describeCall(flow.data, simulation, ui.getState().directory));
    onShowPath(simulation.path);
  };

  const clear = () => {
    ui.setState({ pathNodes: new Set(), pathEdges: new Set(), testOutdated: false });
    setResult(null);
  };

  return (
    <section className="cf-panel" aria-labelledby={headingId}>
      <div className="cf-panel-header">
        <h2 id={headingId} className="cf-panel-title">
          Test call
        </h2>
        <button type="button" className="cf-icon-button" aria-label="Close test call" onClick={onClose}>
          <ActionIcon name="close" />
        </button>
      </div>
      <form className="cf-form" onSubmit={run} noValidate>
        <p className="cf-hint">See where a call would go at a given time (UK time) with the keys the caller presses.</p>
        <div className="cf-row cf-row-wrap">
          <div className="cf-field">
            <label className="cf-label" htmlFor={`${headingId}-date`}>
              Date
            </label>
            <input
              id={`${headingId}-date`}
              className="cf-input"
              type="date"
              value={when.date}
              onChange={(e) => setWhen((w) => ({ ...w, date: e.target.value }))}
              aria-invalid={!!errors.when || undefined}
            />
          </div>
          <div className="cf-field">
            <label className="cf-label" htmlFor={`${headingId}-time`}>
              Time (UK)
            </label>
            <input
              id={`${headingId}-time`}
              className="cf-input"
              type="time"
              value={when.time}
              onChange={(e) => setWhen((w) => ({ ...w, time: e.target.value }))}
              aria-invalid={!!errors.when || undefined}
            />
          </div>
        </div>
        {errors.when && <span className="cf-error">{errors.when}</span>}
        <TextField
          label="Keys pressed"
          hint="In order, for example 1# or 21. Leave empty for no key press."
          value={keys}
          onChange={setKeys}
          messages={errors.keys ? [errors.keys] : undefined}
        />
        <div className="cf-row">
          <Button type="submit" size="sm" colorPalette="brand">
            <ActionIcon name="phone" /> Run test call
          </Button>
          {result && (
            <Button type="button" size="sm" variant="outline" onClick={clear}>
              Clear
            </Button>
          )}
        </div>
      </form>
      <div aria-live="polite" className="cf-test-result">
        {result && (
          <>
            {outdated && (
              <p className="cf-hint">The call flow has changed since this test: run it again to see the new path.</p>
            )}
            <h3 className="cf-label">What happens</h3>
            <ol className="cf-steps">
              {result.steps.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
            <p className="cf-outcome">{result.outcome}</p>
          </>
        )}
      </div>
      {liveCall && (
        <div className="cf-live-call">
          {calling ? (
            <Suspense fallback={<p className="cf-hint">Loading the call…</p>}>
              <LiveCall api={liveCall} onShowPath={onShowPath} />
            </Suspense>
          ) : (
            <Button type="button" size="sm" variant="outline" onClick={() => setCalling(true)}>
              <ActionIcon name="phone" /> Call this flow
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
