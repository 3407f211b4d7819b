// Worker thread that finds faces in RGB frames (detect-faces.ts starts it). Detection is synchronous
// WASM work of tens of milliseconds per frame, so it runs here and never blocks the server's event loop.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import type * as Tf from '@tensorflow/tfjs';
import type * as TfWasm from '@tensorflow/tfjs-backend-wasm';
import type * as FaceApi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import type { FaceBox } from './detect-faces.ts';

/** One frame to search: rgb24 pixels, row after row. */
export interface DetectRequest {
  id: number;
  width: number;
  height: number;
  pixels: ArrayBuffer;
  /** TinyFaceDetector's input size (a multiple of 32). */
  inputSize: number;
  /** Faces scoring less are dropped, 0..1. */
  scoreThreshold: number;
}

/** The faces of one frame in that frame's pixels, or why detection failed. */
export type DetectResponse = { id: number; faces: FaceBox[] } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('face-detector-worker.ts runs only as a worker thread');

// face-api's Node build is CommonJS and requires @tensorflow/tfjs itself: loading both through
// require gives it the same TensorFlow.js instance whose backend is set here.
const require = createRequire(import.meta.url);
const tf = require('@tensorflow/tfjs') as typeof Tf;
const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof TfWasm;
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as typeof FaceApi;

// The .wasm files and the model ship in the packages: nothing is downloaded.
wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`);
await tf.setBackend('wasm');
await tf.ready();
await faceapi.nets.tinyFaceDetector.loadFromDisk(path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model'));

port.on('message', (request: DetectRequest) => {
  detect(request).then(
    (faces) => port.postMessage({ id: request.id, faces } satisfies DetectResponse),
    (error: unknown) => port.postMessage({ id: request.id, error: String(error) } satisfies DetectResponse),
  );
});

async function detect({ width, height, pixels, inputSize, scoreThreshold }: DetectRequest): Promise<FaceBox[]> {
  const image = faceapi.tf.tensor3d(new Uint8Array(pixels), [height, width, 3], 'int32');
  try {
    const found = await faceapi.detectAllFaces(image, new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold }));
    return found.map(({ box, score }) => ({ x: box.x, y: box.y, width: box.width, height: box.height, score }));
  } finally {
    image.dispose();
  }
}
