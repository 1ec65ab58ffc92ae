/**
 * SIPp scenarios of a test call, written from steps so each reads as the call it makes. SIPp fills the bracketed
 * keywords: [service] is the user part (`flow-{token}`, given with -s), [next_url] and [routes] the dialog's remote
 * target and route set from the 200 OK.
 */

const SDP_NAMES: Record<number, string> = {
  0: 'PCMU/8000',
  8: 'PCMA/8000',
  9: 'G722/8000',
  101: 'telephone-event/8000',
};

function sdp(payloads: number[]): string {
  return [
    'v=0',
    'o=sipp 1 1 IN IP4 [media_ip]',
    's=-',
    'c=IN IP4 [media_ip]',
    't=0 0',
    `m=audio [media_port] RTP/AVP ${payloads.join(' ')}`,
    ...payloads.map((p) => `a=rtpmap:${p} ${SDP_NAMES[p]}`),
    ...(payloads.includes(101) ? ['a=fmtp:101 0-15'] : []),
    'a=sendrecv',
    '',
  ].join('\n');
}

// The INVITE's branch by name: its CANCEL and the ACK of a final answer other than 2xx belong to its transaction.
const INVITE_BRANCH = 'z9hG4bK-[pid]-[call_number]-invite';

const headers = (cseq: string, branch = '[branch]') => [
  `Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=${branch}`,
  'From: <sip:tester@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]',
  'Call-ID: [call_id]',
  `CSeq: ${cseq}`,
  'Contact: <sip:tester@[local_ip]:[local_port];transport=[transport]>',
  'Max-Forwards: 70',
];

const send = (text: string, extra = '') => `  <send retrans="500"${extra}>\n    <![CDATA[\n${text}\n    ]]>\n  </send>`;

/** A new INVITE with an SDP offer of these payload types, to the called host (or to `host`, another domain). */
export function invite(payloads: number[] = [0, 8, 101], host = '[remote_ip]:[remote_port]'): string {
  const body = sdp(payloads);
  return send(
    [
      `INVITE sip:[service]@${host} SIP/2.0`,
      ...headers('1 INVITE', INVITE_BRANCH),
      'To: <sip:[service]@[remote_ip]:[remote_port]>',
      'Content-Type: application/sdp',
      'Content-Length: [len]',
      '',
      body,
    ].join('\n'),
  );
}

/** 100 and 180 (optional), then the 200 OK whose dialog later requests follow. */
export const answered = () =>
  [
    '  <recv response="100" optional="true"/>',
    '  <recv response="180" optional="true"/>',
    '  <recv response="200" rrs="true" timeout="5000"/>',
  ].join('\n');

/** A final answer to the INVITE other than 200; SIPp acknowledges it. */
export function refused(status: number): string {
  return [
    '  <recv response="100" optional="true"/>',
    '  <recv response="180" optional="true"/>',
    `  <recv response="${status}" timeout="5000"/>`,
    send(
      [
        'ACK sip:[service]@[remote_ip]:[remote_port] SIP/2.0',
        ...headers('1 ACK', INVITE_BRANCH),
        '[last_To:]',
        'Content-Length: 0',
        '',
      ].join('\n'),
    ).replace(' retrans="500"', ''),
  ].join('\n');
}

function inDialog(method: string, cseq: number, extra: string[] = [], body = ''): string {
  return [
    `${method} [next_url] SIP/2.0`,
    ...headers(`${cseq} ${method}`),
    '[routes]',
    'To: <sip:[service]@[remote_ip]:[remote_port]>[peer_tag_param]',
    ...extra,
    `Content-Length: ${body ? '[len]' : '0'}`,
    '',
    body,
  ].join('\n');
}

export const ack = () => send(inDialog('ACK', 1)).replace(' retrans="500"', '');

/** A key by SIP INFO (application/dtmf-relay), and its 200. */
export const info = (key: string, cseq: number) =>
  [
    send(inDialog('INFO', cseq, ['Content-Type: application/dtmf-relay'], `Signal=${key}\nDuration=160`)),
    '  <recv response="200" timeout="5000"/>',
  ].join('\n');

/** A key by RFC 4733 from SIPp's own capture (its telephone-event payload type is 101; playing a capture needs root). */
export const rfc4733 = (key: string) => {
  const file = key === '#' ? 'pound' : key === '*' ? 'star' : key;
  return `  <nop><action><exec play_pcap_audio="/usr/share/sip-tester/dtmf_2833_${file}.pcap"/></action></nop>`;
};

/** Raw µ-law audio as RTP (SIPp's rtp_stream; a WAV's header would be sent as audio). */
export const audio = (file: string) => `  <nop><action><exec rtp_stream="${file},1,0"/></action></nop>`;

export const pause = (ms: number) => `  <pause milliseconds="${ms}"/>`;

/** Hangs up from the caller's side. */
export const bye = (cseq: number) =>
  [send(inDialog('BYE', cseq)), '  <recv response="200" timeout="5000"/>'].join('\n');

const okTo = (text: string) =>
  send(
    [
      'SIP/2.0 ' + text,
      '[last_Via:]',
      '[last_From:]',
      '[last_To:]',
      '[last_Call-ID:]',
      '[last_CSeq:]',
      'Content-Length: 0',
      '',
    ].join('\n'),
  ).replace(' retrans="500"', '');

/** The runtime's REFER naming where the call would go: checked against `target`, answered 202. */
export const referTo = (target: string) =>
  [
    '  <recv request="REFER" timeout="15000">',
    `    <action><ereg regexp="sip:${target.replace(/[^0-9A-Za-z]/g, '.')}@" search_in="hdr" header="Refer-To:" check_it="true" assign_to="refer"/></action>`,
    '  </recv>',
    // SIPp refuses a variable it never reads again; the check above is all it is for.
    '  <Reference variables="refer"/>',
    okTo('202 Accepted'),
  ].join('\n');

/** The runtime hangs up: its BYE, answered 200. */
export const byeFromRuntime = (timeoutMs = 15000) =>
  [`  <recv request="BYE" timeout="${timeoutMs}"/>`, okTo('200 OK')].join('\n');

/** CANCEL of the INVITE while it rings: 200 for the CANCEL, 487 for the INVITE, acknowledged. */
export const cancel = () =>
  [
    '  <recv response="100" optional="true"/>',
    '  <recv response="180" timeout="5000"/>',
    send(
      [
        'CANCEL sip:[service]@[remote_ip]:[remote_port] SIP/2.0',
        ...headers('1 CANCEL', INVITE_BRANCH),
        'To: <sip:[service]@[remote_ip]:[remote_port]>',
        'Content-Length: 0',
        '',
      ].join('\n'),
    ),
    '  <recv response="200" timeout="5000"/>',
    '  <recv response="487" timeout="5000"/>',
    send(
      [
        'ACK sip:[service]@[remote_ip]:[remote_port] SIP/2.0',
        ...headers('1 ACK', INVITE_BRANCH),
        '[last_To:]',
        'Content-Length: 0',
        '',
      ].join('\n'),
    ).replace(' retrans="500"', ''),
  ].join('\n');

/** A whole scenario from its steps. */
export function scenario(name: string, steps: string[]): string {
  return `<?xml version="1.0" encoding="ISO-8859-1" ?>\n<!DOCTYPE scenario SYSTEM "sipp.dtd">\n<scenario name="${name}">\n${steps.join('\n')}\n</scenario>\n`;
}
