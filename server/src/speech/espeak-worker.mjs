// Runs eSpeak NG (compiled to WebAssembly) off the main thread: a long text keeps the CPU busy
// for a few hundred milliseconds, which would stall every other request. Plain JavaScript so
// that it loads the same under tsx, vitest and node. Protocol: the parent posts
// { id, voice, text }; the worker answers { id, wav } (eSpeak's own WAV bytes) or { id, error }.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL, URL } from 'node:url';
import { parentPort } from 'node:worker_threads';

const moduleUrl = pathToFileURL(createRequire(import.meta.url).resolve('espeak-ng'));
const { default: ESpeakNg } = await import(moduleUrl.href);
// Compiled once; each request instantiates it afresh, because eSpeak's command line runs once per instance.
const compiled = await globalThis.WebAssembly.compile(await readFile(new URL('espeak-ng.wasm', moduleUrl)));

async function speak(voice, text) {
  const messages = [];
  const espeak = await ESpeakNg({
    // The text is one argument after "--", so nothing in it can be read as an option; -D makes
    // the voice variants' random touches repeatable, so the same words always sound the same.
    arguments: ['-D', '-w', 'out.wav', '-v', voice, '--', text],
    instantiateWasm(imports, receive) {
      globalThis.WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
      return {};
    },
    print: (line) => messages.push(line),
    printErr: (line) => messages.push(line),
    // eSpeak's exit() must not set this process's exit code.
    quit: (_status, error) => {
      throw error;
    },
  });
  try {
    // A copy in a buffer of its own, to hand to the parent without copying again.
    return new Uint8Array(espeak.FS.readFile('out.wav'));
  } catch {
    throw new Error(`eSpeak NG wrote no audio${messages.length ? `: ${messages.join(' ').slice(0, 300)}` : ''}`);
  }
}

parentPort.on('message', async ({ id, voice, text }) => {
  try {
    const wav = await speak(voice, text);
    parentPort.postMessage({ id, wav }, [wav.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
