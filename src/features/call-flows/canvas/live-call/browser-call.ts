/**
 * A test call from the browser: a plain RTCPeerConnection whose offer (candidates gathered, no trickle) the portal
 * passes to the call runtime, the flow heard through an audio element, keys sent as RFC 4733 telephone-events by
 * RTCDTMFSender. The microphone is asked for (a voicemail message records it); without one the call sends silence.
 * No STUN or TURN server: the runtime is reached by its host address.
 */
import type { TestCallApi } from '../types.ts';

/** How long a key's tone lasts and the gap after it (RTCDTMFSender's defaults are 100 and 70 ms). */
const KEY_MS = 160;
const KEY_GAP_MS = 70;

type BrowserCallState = 'connecting' | 'up' | 'ended';

interface BrowserCallEvents {
  /** The call's state: up once media flows, ended when either side hangs up or the connection is lost. */
  onState(state: BrowserCallState): void;
}

/** A silent track, for a browser with no microphone (or one refused): keys still go, a message is silence. */
function silentTrack(context: AudioContext): MediaStreamTrack {
  const destination = context.createMediaStreamDestination();
  const source = context.createConstantSource();
  source.offset.value = 0;
  source.connect(destination);
  source.start();
  return destination.stream.getAudioTracks()[0] as MediaStreamTrack;
}

function gathered(peer: RTCPeerConnection): Promise<void> {
  if (peer.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (peer.iceGatheringState !== 'complete') return;
      peer.removeEventListener('icegatheringstatechange', done);
      resolve();
    };
    peer.addEventListener('icegatheringstatechange', done);
    // Host candidates only: gathering is quick; past this, the offer goes with what it has.
    setTimeout(() => {
      peer.removeEventListener('icegatheringstatechange', done);
      resolve();
    }, 3000);
  });
}

export class BrowserCall {
  private readonly peer = new RTCPeerConnection({ iceServers: [] });
  private readonly audio = new Audio();
  private local: MediaStream | null = null;
  private context: AudioContext | null = null;
  private sender: RTCRtpSender | null = null;
  private state: BrowserCallState = 'connecting';

  constructor(
    private readonly api: TestCallApi,
    private readonly events: BrowserCallEvents,
  ) {
    this.audio.autoplay = true;
    this.peer.addEventListener('track', (event) => {
      this.audio.srcObject = event.streams[0] ?? new MediaStream([event.track]);
      void this.audio.play().catch(() => {});
    });
    this.peer.addEventListener('connectionstatechange', () => {
      const state = this.peer.connectionState;
      if (state === 'connected') this.set('up');
      else if (state === 'failed' || state === 'closed' || state === 'disconnected') this.end();
    });
  }

  /** Calls the granted test call: resolves once the runtime answered (the media then connects). */
  async call(callId: string, token: string): Promise<void> {
    let track: MediaStreamTrack;
    try {
      this.local = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true },
      });
      track = this.local.getAudioTracks()[0] as MediaStreamTrack;
    } catch {
      this.context = new AudioContext();
      track = silentTrack(this.context);
    }
    const stream = this.local ?? new MediaStream([track]);
    this.sender = this.peer.addTrack(track, stream);
    await this.peer.setLocalDescription(await this.peer.createOffer());
    await gathered(this.peer);
    const sdp = await this.api.answer(callId, token, this.peer.localDescription?.sdp ?? '');
    if (this.state === 'ended') return;
    await this.peer.setRemoteDescription({ type: 'answer', sdp });
  }

  /** Sends a key (0-9, *, #) as an RFC 4733 telephone-event. */
  press(key: string): boolean {
    const dtmf = this.sender?.dtmf;
    if (!dtmf?.canInsertDTMF || this.state !== 'up') return false;
    dtmf.insertDTMF(dtmf.toneBuffer + key, KEY_MS, KEY_GAP_MS);
    return true;
  }

  /** Ends the call here (the runtime is told by the caller of this, through the portal). */
  end(): void {
    if (this.state === 'ended') return;
    this.set('ended');
    this.peer.close();
    this.local?.getTracks().forEach((t) => t.stop());
    void this.context?.close().catch(() => {});
    this.audio.srcObject = null;
  }

  private set(state: BrowserCallState): void {
    if (this.state === state || this.state === 'ended') return;
    this.state = state;
    this.events.onState(state);
  }
}
