// The typed schema builders that keep the OpenAPI document's control API and src/emulator/control/types.ts the
// same: what they build, and (checked by `npm run typecheck`) that a schema differing from its type does not compile.
import { describe, expect, it } from 'vitest';
import { int, str } from '../../../src/emulator/openapi/schemas.js';
import { answer, arrayOf, optional, refTo, shape } from '../../../src/emulator/openapi/shapes.js';

interface Sample {
  name: string;
  count?: number;
}

type SampleAnswer = { status: 200; samples: Sample[] };

const SAMPLE = shape<Sample>({ name: str, count: optional(int) });

/** Compile-time only: each schema differs from its type, and `@ts-expect-error` fails the typecheck if it compiles. */
export const MISMATCHES = [
  // @ts-expect-error `count` is missing
  shape<Sample>({ name: str }),
  // @ts-expect-error `extra` is not a field of Sample
  shape<Sample>({ name: str, count: optional(int), extra: str }),
  // @ts-expect-error `count` is optional in Sample
  shape<Sample>({ name: str, count: int }),
  // @ts-expect-error `name` is required in Sample
  shape<Sample>({ name: optional(str), count: optional(int) }),
  // @ts-expect-error the items are not Samples
  answer<SampleAnswer>({ samples: arrayOf(shape<{ id: number }>({ id: int })) }),
];

describe('typed schemas', () => {
  it('require the fields not wrapped in optional(), in the order given', () => {
    expect(SAMPLE).toEqual({ type: 'object', properties: { name: str, count: int }, required: ['name'] });
  });

  it('put status 200 first in an answer', () => {
    expect(answer<SampleAnswer>({ samples: arrayOf(refTo('Sample', SAMPLE)) })).toEqual({
      type: 'object',
      properties: {
        status: { const: 200 },
        samples: { type: 'array', items: { $ref: '#/components/schemas/Sample' } },
      },
      required: ['status', 'samples'],
    });
  });
});
