/**
 * OCR of invoice pictures with tesseract.js (WASM, in a worker thread) and the English LSTM
 * data of the npm package @tesseract.js-data/eng, read from node_modules: nothing is fetched
 * or cached elsewhere (decision 0041). One worker per process, created on first use and kept
 * warm; recognitions wait in a queue and run one at a time, each with a time-out.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import { AppError } from '../../platform/http/app-error.ts';

const require = createRequire(import.meta.url);

/** Where the engine's files come from: all inside node_modules. */
export const OCR_PATHS = {
  langPath: join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int'),
  workerPath: join(dirname(require.resolve('tesseract.js')), 'worker-script', 'node', 'index.js'),
} as const;

/** One column of text of varied sizes: the automatic mode drops the rows of an invoice's tables. */
const PAGE_SEGMENTATION = Tesseract.PSM.SINGLE_COLUMN;
export const OCR_TIMEOUT_MS = 20_000;
/** Recognitions allowed to wait behind the running one; more answer 'service busy'. */
export const OCR_MAX_WAITING = 8;

export interface TOcrResult {
  text: string;
  /** 0-100, tesseract's mean word confidence. */
  confidence: number;
}

let worker: Promise<Tesseract.Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

function startWorker(): Promise<Tesseract.Worker> {
  const started = Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    ...OCR_PATHS,
    cacheMethod: 'none',
    gzip: true,
  }).then(async (w) => {
    // debug_file: tesseract's notes ('Estimating resolution as ...') would go to the server's stdout.
    await w.setParameters({ tessedit_pageseg_mode: PAGE_SEGMENTATION, debug_file: '/dev/null' });
    return w;
  });
  // A worker that failed to start is forgotten, so the next call tries again.
  started.catch(() => {
    if (worker === started) worker = null;
  });
  return started;
}

function warmWorker(): Promise<Tesseract.Worker> {
  worker ??= startWorker();
  return worker;
}

/** Ends the worker (a timed-out recognition, or the app closing); the next call starts a new one. */
export async function closeOcr(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await (await current.catch(() => null))?.terminate();
}

async function recognizeNow(image: Buffer, timeoutMs: number): Promise<TOcrResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`OCR took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const w = await Promise.race([warmWorker(), timeout]);
    const job = w.recognize(image);
    // A job that loses the race ends with its worker; nobody waits for it any more.
    job.catch(() => undefined);
    const { data } = await Promise.race([job, timeout]);
    return { text: data.text, confidence: data.confidence };
  } catch (error) {
    await closeOcr();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Text of a picture (PNG or JPEG bytes), after the recognitions queued before it. A failure or
 * time-out rejects with the engine's error and replaces the worker.
 */
export function recognizeImage(image: Buffer, timeoutMs = OCR_TIMEOUT_MS): Promise<TOcrResult> {
  if (waiting >= OCR_MAX_WAITING) {
    return Promise.reject(new AppError('SERVICE_BUSY', { params: { seconds: 10 } }));
  }
  waiting += 1;
  const run = queue.then(() => {
    waiting -= 1;
    return recognizeNow(image, timeoutMs);
  });
  queue = run.catch(() => undefined);
  return run;
}
