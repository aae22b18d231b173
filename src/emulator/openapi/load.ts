// The schema of a load run's figures (POST /__emulator/load), written against LoadRun in control/types.ts: the
// OpenAPI document shows it, and the route checks each posted document against it (control/load.ts), so that the
// console never renders figures of the wrong shape.
import type {
  LoadBucket,
  LoadCpu,
  LoadFailure,
  LoadPercentiles,
  LoadRun,
  LoadSecond,
  LoadStepFigures,
  LoadSummary,
  LoadThreshold,
} from '../control/types.js';
import { bool, int, str } from './schemas.js';
import { arrayOf, shape, type Schema } from './shapes.js';

const count: Schema = { type: 'integer', minimum: 0 };
const ms: Schema = { type: 'number', minimum: 0 };
const msOrNone: Schema = { type: ['number', 'null'], minimum: 0 };
const share: Schema = { type: 'number', minimum: 0 };

const PERCENTILE_FIELDS = { count, p50: msOrNone, p90: msOrNone, p95: msOrNone, p99: msOrNone, max: msOrNone };

const PERCENTILES = shape<LoadPercentiles>(PERCENTILE_FIELDS);

const STEP = shape<LoadStepFigures>({ ...PERCENTILE_FIELDS, step: str, unanswered: count });

/** A row of what a long run posts spans several seconds: its counts are then rates per second. */
const SECOND = shape<LoadSecond>({
  second: count,
  arrivals: share,
  answers: share,
  done: share,
  p50: msOrNone,
  p95: msOrNone,
});

const BUCKET = shape<LoadBucket>({ fromMs: ms, toMs: ms, count });

const FAILURE = shape<LoadFailure>({ conversation: str, file: str, step: str, line: int, message: str });

const CPU = shape<LoadCpu>({ process: share, eventLoop: share, emulatorInProcess: bool, verdict: str });

const THRESHOLD = shape<LoadThreshold>({ name: str, limit: str, value: str, passed: bool });

type Reason = LoadSummary['rejected']['reasons'][number];
type Duplicate = LoadSummary['duplicates']['contacts'][number];

const SUMMARY = shape<LoadSummary>({
  arrival: str,
  durationMs: ms,
  redeliver: share,
  contacts: shape<LoadSummary['contacts']>({ started: count, passed: count, failed: count }),
  answerTime: shape<LoadSummary['answerTime']>({ ...PERCENTILE_FIELDS, unanswered: count }),
  steps: arrayOf(STEP),
  histogram: arrayOf(BUCKET),
  timeline: arrayOf(SECOND),
  failures: shape<LoadSummary['failures']>({ count, first: arrayOf(FAILURE) }),
  rejected: shape<LoadSummary['rejected']>({
    count,
    of: count,
    reasons: arrayOf(
      shape<Reason>({
        status: { type: ['integer', 'null'] },
        operation: { type: ['string', 'null'] },
        reason: { type: ['string', 'null'] },
        count,
      }),
    ),
  }),
  webhooks: shape<LoadSummary['webhooks']>({
    complete: bool,
    attempts: count,
    failed: count,
    retries: count,
    givenUp: count,
    latency: PERCENTILES,
  }),
  duplicates: shape<LoadSummary['duplicates']>({
    count,
    redelivered: count,
    contacts: arrayOf(shape<Duplicate>({ contact: str, conversation: str, step: str })),
  }),
  cpu: CPU,
  thresholds: arrayOf(THRESHOLD),
  passed: bool,
});

/** A load run as its runner posts it. */
export const LOAD_RUN = shape<LoadRun>({
  run: { type: 'string', minLength: 1, maxLength: 100 },
  state: { enum: ['running', 'done', 'stopped'] },
  startedAt: str,
  elapsedMs: ms,
  now: shape<LoadRun['now']>({ running: count, p95: msOrNone, answersPerSecond: share }),
  summary: SUMMARY,
});
