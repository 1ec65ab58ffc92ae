/**
 * Call this flow: a real call of the saved flow from the browser, at the chosen instant. The flow is heard through
 * the speakers, keys go as RFC 4733 (the keypad or the keyboard), the path lights up on the canvas as the call
 * runtime reports each step (the simulator's highlight), and a message left plays back here. Loaded on demand.
 */
import { Button } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';

import type { TestCallState } from '@portal/contract';
import type { CallMoment, SimulationEvent, SimulationOutcome } from '@portal/editor-core';

import { userErrorText } from '../../../../lib/error-text.ts';
import { formatElapsed } from '../../../../lib/format.ts';
import { useCanvas } from '../canvas-context.ts';
import { ActionIcon } from '../icons.tsx';
import { describeEvents, describeOutcome, londonDateTime, londonInstant, pathHighlight } from '../test-call.ts';
import type { TestCallApi } from '../types.ts';
import { BrowserCall } from './browser-call.ts';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;
const POLL_MS = 500;
/** After the hang-up, how long the runtime has to report the call's end (a message is stored first). */
const END_WAIT_MS = 15_000;

type When = 'now' | 'at' | 'holiday';
type Phase = 'idle' | 'starting' | 'connecting' | 'up' | 'ending' | 'ended';

interface LiveCallProps {
  api: TestCallApi;
  /** Shows the path on the canvas (fits it into view). */
  onShowPath: (nodeIds: string[]) => void;
}

const STATUS: Readonly<Record<Phase, string>> = {
  idle: '',
  starting: 'Calling…',
  connecting: 'Calling…',
  up: 'Connected',
  ending: 'Hanging up…',
  ended: 'Call ended',
};

export default function LiveCall({ api, onShowPath }: LiveCallProps) {
  const { store, ui } = useCanvas();
  // The call plays the flow as saved.
  const unsaved = useStore(store, (s) => s.changesMade);
  const id = useId();
  const [when, setWhen] = useState<When>('now');
  const [instant, setInstant] = useState(() => londonDateTime(new Date()));
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState<TestCallState | null>(null);
  const [upSince, setUpSince] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [message, setMessage] = useState<string | null>(null);
  const [pressed, setPressed] = useState('');
  const call = useRef<{ id: string; browser: BrowserCall } | null>(null);
  const hangUpButton = useRef<HTMLButtonElement>(null);

  // The live call timer.
  useEffect(() => {
    if (upSince === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [upSince]);

  // The call's path and events as the runtime reports them, until it has ended.
  useEffect(() => {
    const current = call.current;
    if (!current || phase === 'idle' || phase === 'ended') return;
    const controller = new AbortController();
    const started = Date.now();
    let shown = '';
    const poll = async () => {
      try {
        const state = await api.state(current.id, controller.signal);
        setLive(state);
        const key = state.path.join(' ');
        if (key !== shown) {
          shown = key;
          const lit = pathHighlight(store.getState().flow.data, state.path);
          ui.setState({ pathNodes: lit.nodes, pathEdges: lit.edges, testOutdated: false });
        }
        if (state.ended) {
          current.browser.end();
          setPhase('ended');
          setUpSince(null);
          if (state.path.length > 0) onShowPath(state.path);
          return;
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (phase === 'ending' && Date.now() - started > END_WAIT_MS) return setPhase('ended');
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    let timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, phase, store, ui, onShowPath]);

  // A message left plays back here.
  useEffect(() => {
    const current = call.current;
    if (!current || !live?.ended || !live.voicemail) return;
    let url: string | null = null;
    let cancelled = false;
    api.voicemail(current.id).then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setMessage(url);
      },
      () => {},
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [api, live?.ended, live?.voicemail]);

  // Hang up when the panel closes or the page goes.
  useEffect(() => () => hangUpNow(), []); // eslint-disable-line react-hooks/exhaustive-deps

  function hangUpNow() {
    const current = call.current;
    if (!current) return;
    current.browser.end();
    void api.hangUp(current.id).catch(() => {});
  }

  async function start() {
    let choice: { at?: string; holiday?: boolean } = {};
    if (when !== 'now') {
      const at = londonInstant(instant.date, instant.time);
      if (!at) return setError('Enter a date and a time, like 2025-03-14 and 09:30');
      choice = { at: at.toISOString(), holiday: when === 'holiday' };
    }
    setError(null);
    setLive(null);
    setMessage(null);
    setPressed('');
    setPhase('starting');
    ui.setState({ pathNodes: new Set(), pathEdges: new Set(), testOutdated: false });
    try {
      const grant = await api.start(choice);
      const browser = new BrowserCall(api, {
        onState: (state) => {
          if (state === 'up') {
            setPhase('up');
            setUpSince(Date.now());
            setNow(Date.now());
          } else if (state === 'ended') setPhase((p) => (p === 'ended' ? p : 'ending'));
        },
      });
      call.current = { id: grant.id, browser };
      setPhase('connecting');
      hangUpButton.current?.focus();
      await browser.call(grant.id, grant.token);
    } catch (failure) {
      call.current?.browser.end();
      call.current = null;
      setPhase('idle');
      setError(userErrorText(failure));
    }
  }

  function hangUp() {
    setPhase('ending');
    setUpSince(null);
    hangUpNow();
  }

  function press(key: string) {
    if (call.current?.browser.press(key)) setPressed((p) => p + key);
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (phase !== 'up' || event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^[0-9*#]$/.test(event.key) && !(event.target instanceof HTMLInputElement)) {
      event.preventDefault();
      press(event.key);
    }
  };

  const inCall = phase === 'starting' || phase === 'connecting' || phase === 'up';
  const root = store.getState().flow.data;
  const moments = (live?.moments ?? []) as CallMoment[];
  const events = moments.flatMap((m): SimulationEvent[] => (m.kind === 'event' ? [m.event] : []));
  const outcome = moments.find((m): m is Extract<CallMoment, { kind: 'outcome' }> => m.kind === 'outcome')?.outcome as
    SimulationOutcome | undefined;
  const directory = ui.getState().directory;

  return (
    <div className="cf-form" role="group" aria-labelledby={`${id}-heading`} onKeyDown={onKeyDown}>
      <h3 id={`${id}-heading`} className="cf-label">
        Call this flow
      </h3>
      <p className="cf-hint">Hear the saved flow through your speakers and press keys as a caller would.</p>
      {unsaved && <p className="cf-hint">The call plays the flow as last saved: save your changes to hear them.</p>}
      <fieldset className="cf-fieldset" disabled={inCall || phase === 'ending'}>
        <legend className="cf-label">When is the call made</legend>
        {(
          [
            ['now', 'Now'],
            ['at', 'At a day and time (UK)'],
            ['holiday', 'On a holiday'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="cf-check">
            <input
              type="radio"
              name={`${id}-when`}
              value={value}
              checked={when === value}
              onChange={() => setWhen(value)}
            />{' '}
            {label}
          </label>
        ))}
        {when !== 'now' && (
          <div className="cf-row cf-row-wrap">
            <div className="cf-field">
              <label className="cf-label" htmlFor={`${id}-date`}>
                Call date
              </label>
              <input
                id={`${id}-date`}
                className="cf-input"
                type="date"
                value={instant.date}
                onChange={(e) => setInstant((w) => ({ ...w, date: e.target.value }))}
              />
            </div>
            <div className="cf-field">
              <label className="cf-label" htmlFor={`${id}-time`}>
                Call time (UK)
              </label>
              <input
                id={`${id}-time`}
                className="cf-input"
                type="time"
                value={instant.time}
                onChange={(e) => setInstant((w) => ({ ...w, time: e.target.value }))}
              />
            </div>
          </div>
        )}
      </fieldset>
      {error && (
        <p className="cf-error" role="alert">
          {error}
        </p>
      )}
      <div className="cf-row">
        {inCall ? (
          <Button ref={hangUpButton} type="button" size="sm" colorPalette="red" onClick={hangUp}>
            <ActionIcon name="phone" /> Hang up
          </Button>
        ) : (
          <Button
            type="button"
            size="sm"
            colorPalette="brand"
            onClick={() => void start()}
            loading={phase === 'ending'}
            loadingText="Hanging up…"
          >
            <ActionIcon name="phone" /> Call
          </Button>
        )}
        <span role="status" className="cf-hint">
          {STATUS[phase]}
          {upSince !== null && (
            <>
              {' '}
              <time aria-label="Call time">{formatElapsed(Math.max(0, Math.floor((now - upSince) / 1000)))}</time>
            </>
          )}
        </span>
      </div>
      {phase === 'up' && (
        <div role="group" aria-label="Keypad" className="cf-keypad">
          {KEYS.map((key) => (
            <Button
              key={key}
              type="button"
              size="sm"
              variant="outline"
              onClick={() => press(key)}
              aria-label={`Key ${key}`}
            >
              {key}
            </Button>
          ))}
        </div>
      )}
      {pressed && <p className="cf-hint">Keys pressed: {pressed}</p>}
      <div aria-live="polite" className="cf-test-result">
        {events.length > 0 && (
          <>
            <h4 className="cf-label">What happened</h4>
            <ol className="cf-steps">
              {describeEvents(root, events, directory).map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          </>
        )}
        {outcome && <p className="cf-outcome">{describeOutcome(root, outcome, directory)}</p>}
        {message && (
          <div className="cf-field">
            <span className="cf-label" id={`${id}-message`}>
              Message left
            </span>
            <audio controls src={message} aria-labelledby={`${id}-message`} />
          </div>
        )}
      </div>
    </div>
  );
}
